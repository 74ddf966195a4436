// SPDX-License-Identifier: MIT
import QtQuick

// One page of the canvas: a board of tiles drawn at `zoom` and shifted by `offset` (window
// coordinates = offset + zoom * board coordinates).
Item {
    id: page
    property int pageNumber: 1
    property color tint: "#4f8cc9"
    property real zoom: 1
    property point offset: Qt.point(0, 0)

    clip: true

    Rectangle {
        anchors.fill: parent
        color: "#f4f1ea"
    }

    Item {
        id: board
        width: page.width
        height: page.height
        transform: [
            Scale { xScale: page.zoom; yScale: page.zoom },
            Translate { x: page.offset.x; y: page.offset.y }
        ]

        Grid {
            x: 40
            y: 40
            columns: 8
            spacing: 12
            Repeater {
                model: 32
                Rectangle {
                    required property int index
                    width: 98
                    height: 98
                    radius: 10
                    color: Qt.lighter(page.tint, 1 + (index % 8) * 0.08)
                    border.color: Qt.darker(page.tint, 1.4)
                    border.width: 2
                    Text {
                        anchors.centerIn: parent
                        text: page.pageNumber + "." + (parent.index + 1)
                        font.pixelSize: 22
                        color: "#1b1f24"
                    }
                }
            }
        }
    }

    Text {
        anchors.left: parent.left
        anchors.bottom: parent.bottom
        anchors.margins: 14
        text: "Page " + page.pageNumber + "   zoom " + page.zoom.toFixed(2) + "x"
        font.pixelSize: 20
        color: "#1b1f24"
    }
}
