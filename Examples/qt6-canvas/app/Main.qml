// SPDX-License-Identifier: MIT
import QtQuick
import GestureBridge

// The canvas window. Its recognizers run in the compositor (gesture-bridge-v1): pinch zooms
// the current page about the fingers, pan moves it, a swipe left or right turns the page. Pan
// waits for the swipe to fail (UIKit's require(toFail:)), so a quick flick turns the page
// instead of moving it; pinch and pan may run together. They listen on the canvas only (their
// `item`), so the toolbar's Pages button gets plain touches (Qt's own TapHandler); the button
// opens a drawer listing the pages, which, while open, has a pan of its own (a swipe left
// closes it), keeps the compositor's system gestures off its area and defers the left screen
// edge to the app (SystemGestureSurface, version 2 of the protocol).
Window {
    id: window
    width: 960
    height: 540
    visible: true
    title: "GestureBridge Qt 6 canvas"
    color: "#20252b"

    property int page: 0
    readonly property var tints: ["#4f8cc9", "#c9804f", "#5fae6e"]
    // The drawer: open at start with --drawer-open (main.cpp sets it before the window shows).
    property bool drawerOpen: false
    readonly property int toolbarHeight: 40

    function currentPage() {
        return pages.itemAt(window.page)
    }

    Item {
        id: canvasArea
        y: window.toolbarHeight
        width: window.width
        height: window.height - window.toolbarHeight
        clip: true

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

    }

    Rectangle {
        id: toolbar
        width: window.width
        height: window.toolbarHeight
        color: "#2d333b"
        Rectangle {
            id: pagesButton
            objectName: "pagesButton"
            x: 8
            y: 5
            width: 84
            height: 30
            radius: 6
            color: window.drawerOpen ? "#9aa3ad" : "#4a525c"
            Text {
                anchors.centerIn: parent
                text: "Pages"
                font.pixelSize: 16
                color: "#f4f1ea"
            }
            // Qt's own touch handling: the button is outside every recognizer's region.
            TapHandler {
                onTapped: window.drawerOpen = !window.drawerOpen
            }
        }
    }

    Rectangle {
        id: drawer
        objectName: "drawer"
        y: window.toolbarHeight
        width: 240
        height: window.height - window.toolbarHeight
        x: window.drawerOpen ? 0 : -width
        // Off the window while closed: its region is then empty (nothing excluded).
        visible: x > -width
        color: "#e8e4da"
        Behavior on x {
            NumberAnimation { duration: 200; easing.type: Easing.OutCubic }
        }
        Column {
            x: 16
            y: 16
            spacing: 12
            Repeater {
                model: pages.count
                Text {
                    required property int index
                    text: "Page " + (index + 1)
                    font.pixelSize: 20
                    font.bold: index === window.page
                    color: "#1b1f24"
                }
            }
        }
    }

    // While the drawer is open it is the app's: no system gesture starts on it, and the first
    // swipe from the left screen edge (which the drawer covers) is the app's drawer pan; a
    // second one right after it goes to the system (the protocol's rule).
    SystemGestureSurface {
        id: systemGestures
        objectName: "systemGestures"
        excludedItems: [drawer]
        deferredEdges: window.drawerOpen ? SystemGestureSurface.Left : 0
    }

    // The drawer's own pan: a swipe to the left on it closes it.
    PanRecognizer {
        id: drawerPan
        name: "drawer-pan"
        item: drawer
        enabled: window.drawerOpen
        maximumNumberOfTouches: 1
        onEnded: (gesture) => {
            if (gesture.translation.x < -60)
                window.drawerOpen = false
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
    // the start stays under it (pinchAnchor: that point in the page).
    property real pinchStartZoom: 1
    property point pinchStartOffset
    property point pinchAnchor

    PinchRecognizer {
        id: pinch
        name: "pinch"
        item: canvasArea
        excludedItems: [drawer]
        recognizesSimultaneouslyWith: [pan]
        onBegan: (gesture) => {
            const canvas = window.currentPage()
            window.pinchStartZoom = canvas.zoom
            window.pinchStartOffset = canvas.offset
            window.pinchAnchor = canvas.mapFromItem(null, gesture.location)
            window.zoomTo(gesture)
        }
        onChanged: (gesture) => window.zoomTo(gesture)
    }

    function zoomTo(gesture) {
        const canvas = window.currentPage()
        const zoom = Math.max(0.5, Math.min(6, window.pinchStartZoom * gesture.scale))
        const factor = zoom / window.pinchStartZoom
        // The gesture's location is in the window's scene; the offset in the page's own.
        const at = canvas.mapFromItem(null, gesture.location)
        canvas.zoom = zoom
        canvas.offset = Qt.point(
            at.x - (window.pinchAnchor.x - window.pinchStartOffset.x) * factor,
            at.y - (window.pinchAnchor.y - window.pinchStartOffset.y) * factor)
    }

    // Pan: move the board by the translation (while no pinch is under way, which moves it
    // itself).
    property point panStartOffset

    PanRecognizer {
        id: pan
        name: "pan"
        item: canvasArea
        excludedItems: [drawer]
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
        item: canvasArea
        excludedItems: [drawer]
        direction: SwipeRecognizer.Left | SwipeRecognizer.Right
        onRecognized: (gesture) => {
            if (gesture.direction === "left")
                window.page = Math.min(pages.count - 1, window.page + 1)
            else if (gesture.direction === "right")
                window.page = Math.max(0, window.page - 1)
        }
    }
}
