// SPDX-License-Identifier: MIT
import CWeston
import WestonModuleSupport

/// The test seat module (`libgesture-bridge-weston-test-seat.so`), for tests, the demo and
/// `gesture-bridge drive` only: plays a `libinput record` file (`recording=`,
/// `RecordingPlayer`), touch-script files (`touch-script=` or
/// `GESTURE_BRIDGE_WESTON_TOUCH_SCRIPT`, `TouchScriptPoller`) and a playlist (`playlist=`,
/// `PlaylistPlayer`, with screenshots) into the main module's virtual seat, and logs what
/// clients receive (`event-log=`, `ClientEventRecorder`), through the seat's one feed (`SeatTouchFeed`), so the
/// touches take weston's normal path into the bridge's grab. It needs the main module
/// (`libgesture-bridge-weston.so`) loaded before it: it gets the seat and the bridge's state
/// through the main module's plugin API ("gesture_bridge_weston_v1").
final class DriveSeatModule {
  /// Recording touches use weston ids from 0, touch scripts their own ids (both below the
  /// main module's `device=` feed's 512).
  static let idBase: Int32 = 0

  private let feed: SeatTouchFeed
  private var recordingPlayer: RecordingPlayer?
  private var scriptPoller: TouchScriptPoller?
  private var events: SessionEventLog?
  private var recorder: ClientEventRecorder?
  private var playlistPlayer: PlaylistPlayer?

  init(
    api: UnsafePointer<gesture_bridge_weston_api_v1>, seat: VirtualTouchSeat,
    compositor: UnsafeMutablePointer<weston_compositor>, options: DriveSeatOptions
  ) {
    feed = SeatTouchFeed(seat: seat, idBase: Self.idBase)
    let loop = wl_display_get_event_loop(compositor.pointee.wl_display)!
    if let path = options.touchScriptPath {
      scriptPoller = TouchScriptPoller(feed: feed, path: path, loop: loop)
      DriveSeatLog.write("touch scripts are read from \(path)")
    }
    if let path = options.eventLogPath {
      events = SessionEventLog(path: path)
    }
    if events != nil || options.playlistPath != nil {
      recorder = ClientEventRecorder(display: compositor.pointee.wl_display, log: events)
    }
    if let path = options.recordingPath {
      recordingPlayer = RecordingPlayer(
        api: api, feed: feed, compositor: compositor, path: path,
        outputName: options.recordingOutput, startRecognizers: options.recordingStartRecognizers,
        events: events)
    }
    if let path = options.playlistPath, let recorder {
      if let text = TextFileReader.read(path) {
        playlistPlayer = PlaylistPlayer(
          api: api, feed: feed, compositor: compositor,
          playlist: Playlist(text: text, name: path), options: options, events: events,
          recorder: recorder)
      } else {
        DriveSeatLog.write("error: playlist \(path) cannot be read")
        events?.write(.errorEvent("playlist \(path) cannot be read"))
      }
    }
  }
}

nonisolated(unsafe) private var driveSeatModule: DriveSeatModule?

/// Weston's entry point; the module must come after libgesture-bridge-weston.so in
/// `--modules=` or `[core] modules=`.
@_cdecl("wet_module_init")
public func driveSeatModuleInit(
  _ compositor: UnsafeMutablePointer<weston_compositor>?, _: UnsafeMutablePointer<Int32>?,
  _: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
  if let error = WestonMajor.mismatch() {
    DriveSeatLog.write(error)
    return -1
  }
  guard driveSeatModule == nil, let compositor, let api = mainModuleAPI(of: compositor) else {
    return -1
  }
  api.pointee.test_seat_attached(compositor)
  let options = DriveSeatOptions(ModuleSection(compositor: compositor))
  for problem in options.problems { DriveSeatLog.write("weston.ini: \(problem)") }
  guard let device = api.pointee.virtual_touch_device(compositor) else {
    DriveSeatLog.write("error: the main module has no virtual touch seat")
    return -1
  }
  driveSeatModule = DriveSeatModule(
    api: api, seat: VirtualTouchSeat(device: device), compositor: compositor, options: options)
  // Last, so that whoever waits for this line finds the options' messages above it.
  DriveSeatLog.write("test seat ready")
  return 0
}

/// The main module's plugin API; nil, after logging why, when the main module is not loaded.
private func mainModuleAPI(of compositor: UnsafeMutablePointer<weston_compositor>)
  -> UnsafePointer<gesture_bridge_weston_api_v1>?
{
  let size = MemoryLayout<gesture_bridge_weston_api_v1>.size
  guard let api = weston_plugin_api_get(compositor, GESTURE_BRIDGE_WESTON_API_NAME, size) else {
    DriveSeatLog.write(
      "error: libgesture-bridge-weston.so is not loaded before this module (its API "
        + "\(GESTURE_BRIDGE_WESTON_API_NAME) is missing)")
    return nil
  }
  return api.assumingMemoryBound(to: gesture_bridge_weston_api_v1.self)
}
