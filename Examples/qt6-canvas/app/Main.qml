// SPDX-License-Identifier: MIT
import QtQuick
import GestureBridge

// The canvas window. Its three recognizers run in the compositor (gesture-bridge-v1):
// pinch zooms the current page about the fingers, pan moves it, a swipe left or right turns
// the page. Pan waits for the swipe to fail (UIKit's require(toFail:)), so a quick flick turns
// the page instead of moving it; pinch and pan may run together.
Window {
    id: window
    width: 960
    height: 540
    visible: true
    title: "GestureBridge Qt 6 canvas"
    color: "#20252b"

    property int page: 0
    readonly property var tints: ["#4f8cc9", "#c9804f", "#5fae6e"]

    function currentPage() {
        return pages.itemAt(window.page)
    }

    Item {
        id: strip
        x: -window.page * window.width
        width: window.width * pages.count
        height: window.height
        Behavior on x {
            NumberAnimation { duration: 250; easing.type: Easing.OutCubic }
        }
        Repeater {
            id: pages
            model: 3
            CanvasPage {
                required property int index
                x: index * window.width
                width: window.width
                height: window.height
                pageNumber: index + 1
                tint: window.tints[index]
            }
        }
    }

    Row {
        anchors.horizontalCenter: parent.horizontalCenter
        anchors.bottom: parent.bottom
        anchors.bottomMargin: 16
        spacing: 10
        Repeater {
            model: pages.count
            Rectangle {
                required property int index
                width: 12
                height: 12
                radius: 6
                color: index === window.page ? "#1b1f24" : "#9aa3ad"
            }
        }
    }

    // Pinch: zoom about the point between the fingers; the board point under that point at
    // the start stays under it.
    property real pinchStartZoom: 1
    property point pinchStartOffset
    property point pinchAnchor

    PinchRecognizer {
        id: pinch
        name: "pinch"
        recognizesSimultaneouslyWith: [pan]
        onBegan: (gesture) => {
            const canvas = window.currentPage()
            window.pinchStartZoom = canvas.zoom
            window.pinchStartOffset = canvas.offset
            window.pinchAnchor = gesture.location
            window.zoomTo(gesture)
        }
        onChanged: (gesture) => window.zoomTo(gesture)
    }

    function zoomTo(gesture) {
        const canvas = window.currentPage()
        const zoom = Math.max(0.5, Math.min(6, window.pinchStartZoom * gesture.scale))
        const factor = zoom / window.pinchStartZoom
        canvas.zoom = zoom
        canvas.offset = Qt.point(
            gesture.location.x - (window.pinchAnchor.x - window.pinchStartOffset.x) * factor,
            gesture.location.y - (window.pinchAnchor.y - window.pinchStartOffset.y) * factor)
    }

    // Pan: move the board by the translation (while no pinch is under way, which moves it
    // itself).
    property point panStartOffset

    PanRecognizer {
        id: pan
        name: "pan"
        maximumNumberOfTouches: 2
        requiresFailureOf: [swipe]
        onBegan: (gesture) => window.panStartOffset = window.currentPage().offset
        onChanged: (gesture) => {
            if (pinch.state === "began" || pinch.state === "changed")
                return
            window.currentPage().offset = Qt.point(
                window.panStartOffset.x + gesture.translation.x,
                window.panStartOffset.y + gesture.translation.y)
        }
    }

    // Swipe: a flick to the left shows the next page, to the right the previous one.
    SwipeRecognizer {
        id: swipe
        name: "swipe"
        direction: SwipeRecognizer.Left | SwipeRecognizer.Right
        onRecognized: (gesture) => {
            if (gesture.direction === "left")
                window.page = Math.min(pages.count - 1, window.page + 1)
            else if (gesture.direction === "right")
                window.page = Math.max(0, window.page - 1)
        }
    }
}
