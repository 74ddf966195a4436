// SPDX-License-Identifier: MIT
import MockedDevice
import XCTest

final class FrameFlowControlTests: XCTestCase {
  func testWriterStopsAtTheFrameLimitUntilLibinputAcknowledges() {
    var flow = FrameFlowControl(maximumFrames: 3, maximumBytes: 10_000)
    for _ in 0..<3 { flow.sent(bytes: 96, expectsAcknowledgement: true) }

    XCTAssertFalse(flow.canSend(bytes: 96))
    flow.acknowledged()
    XCTAssertTrue(flow.canSend(bytes: 96))
    XCTAssertEqual(flow.unacknowledgedBytes, 192)
  }

  func testWriterStopsBeforeThePtyBufferCouldOverflow() {
    var flow = FrameFlowControl()
    var written = 0
    while flow.canSend(bytes: 120) {
      flow.sent(bytes: 120, expectsAcknowledgement: true)
      written += 120
    }

    XCTAssertLessThanOrEqual(written, 4095, "never more than the 4 KiB pty buffer unread")
    XCTAssertGreaterThan(written, 3000)
  }

  func testFramesWithoutTouchFrameAreCoveredByTheNextAcknowledgement() {
    var flow = FrameFlowControl(maximumFrames: 10, maximumBytes: 10_000)
    flow.sent(bytes: 24, expectsAcknowledgement: false)
    flow.sent(bytes: 96, expectsAcknowledgement: true)
    flow.sent(bytes: 48, expectsAcknowledgement: false)

    flow.acknowledged()

    XCTAssertEqual(flow.unacknowledgedBytes, 48)
    XCTAssertEqual(flow.unacknowledgedFrames, 1)
    flow.acknowledged()  // an unexpected extra TOUCH_FRAME frees nothing
    XCTAssertEqual(flow.unacknowledgedBytes, 48)
    flow.drained()
    XCTAssertTrue(flow.isDrained)
  }

  func testAFrameLargerThanTheLimitIsSentWhenNothingIsPending() {
    let flow = FrameFlowControl(maximumFrames: 50, maximumBytes: 100)

    XCTAssertTrue(flow.canSend(bytes: 500))
  }
}
