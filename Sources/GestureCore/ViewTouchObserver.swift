// SPDX-License-Identifier: MIT
/// What the host supplies to receive the touches delivered to a view (UIKit's
/// `touchesBegan(_:with:)` family on `UIView`). Each call carries the touches of one view in
/// one phase of one frame.
///
/// The engine regulates delivery per the recognizers of the view and its ancestors:
/// `delaysTouchesBegan` holds `began` back until they fail, `delaysTouchesEnded` holds
/// `ended` back while they are still analysing, and `cancelsTouchesInView` turns touches
/// already delivered into `touchesCancelled` when a gesture is recognized.
public protocol ViewTouchObserver: AnyObject {
  func touchesBegan(_ touches: TouchSet, in view: View)
  func touchesMoved(_ touches: TouchSet, in view: View)
  func touchesEnded(_ touches: TouchSet, in view: View)
  func touchesCancelled(_ touches: TouchSet, in view: View)
}
