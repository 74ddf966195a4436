// SPDX-License-Identifier: MIT
import GestureCore

/// A `ViewTouchObserver` that writes down what each view receives, as lines such as
/// `"desktop began 1,2"`, for asserting regulated delivery.
public final class DeliveryLog: ViewTouchObserver {
  public private(set) var lines: [String] = []

  public init() {}

  /// Observes `view` and all its subviews.
  public func observe(_ view: View) {
    view.touchObserver = self
    for child in view.subviews { observe(child) }
  }

  public func clear() { lines.removeAll() }

  public func touchesBegan(_ touches: TouchSet, in view: View) { log("began", touches, view) }
  public func touchesMoved(_ touches: TouchSet, in view: View) { log("moved", touches, view) }
  public func touchesEnded(_ touches: TouchSet, in view: View) { log("ended", touches, view) }
  public func touchesCancelled(_ touches: TouchSet, in view: View) {
    log("cancelled", touches, view)
  }

  private func log(_ phase: String, _ touches: TouchSet, _ view: View) {
    let ids = touches.map { String($0.id.rawValue) }.joined(separator: ",")
    lines.append("\(view.name) \(phase) \(ids)")
  }
}
