// SPDX-License-Identifier: MIT
/// How a trace draws recognizer states: a colour for each, and the fill of a continuous
/// gesture's band on the timeline.
public enum StatePalette {
  /// `#RRGGBB` colour of the marker of `state`.
  public static func colour(for state: TraceState) -> String {
    switch state {
    case .began: "#2CA02C"
    case .changed: "#6A51A3"
    case .ended: "#08519C"
    case .recognized: "#08519C"
    case .cancelled: "#FF7F0E"
    case .failed: "#D62728"
    }
  }

  /// Fill and outline of an active gesture's band (began to ended or cancelled).
  public static let bandFill = "#C6DBEF"
  public static let bandStroke = "#4292C6"
}
