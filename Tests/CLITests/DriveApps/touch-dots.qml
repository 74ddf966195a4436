// SPDX-License-Identifier: MIT
// A window for `gesture-bridge drive`'s end-to-end test with Qt's `qml` runner: a 600x400
// grey window that leaves a black dot wherever a finger goes down or moves, so a screenshot
// after the touches differs from one before.
import QtQuick

Window {
    width: 600
    height: 400
    visible: true
    color: "#c0c0c0"
    title: "touch-dots"

    ListModel { id: dots }

    Repeater {
        model: dots
        Rectangle {
            x: model.x - 6
            y: model.y - 6
            width: 12
            height: 12
            radius: 6
            color: "black"
        }
    }

    MultiPointTouchArea {
        anchors.fill: parent
        onPressed: (points) => { for (const p of points) dots.append({ x: p.x, y: p.y }) }
        onUpdated: (points) => { for (const p of points) dots.append({ x: p.x, y: p.y }) }
    }
}
