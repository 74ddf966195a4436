/* SPDX-License-Identifier: MIT */
#pragma once

#include "PanRecognizer.h"

// UIScreenEdgePanGestureRecognizer: a pan that starts at one of `edges` of the screen.
class ScreenEdgePanRecognizer : public PanRecognizer
{
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(Edges edges READ edges WRITE setEdges NOTIFY edgesChanged)

public:
    // The protocol's edges enum (UIRectEdge).
    enum Edge {
        Top = RecognizerWire::edges_top,
        Left = RecognizerWire::edges_left,
        Bottom = RecognizerWire::edges_bottom,
        Right = RecognizerWire::edges_right,
        AllEdges = Top | Left | Bottom | Right,
    };
    Q_DECLARE_FLAGS(Edges, Edge)
    Q_FLAG(Edges)

    explicit ScreenEdgePanRecognizer(QObject *parent = nullptr)
        : PanRecognizer(QtWayland::gesture_bridge_manager_v1::type_screen_edge_pan, QStringLiteral("screen-edge-pan"),
                        parent)
    {
    }

    Edges edges() const { return m_edges; }
    void setEdges(Edges edges)
    {
        if (m_edges == edges)
            return;
        m_edges = edges;
        emit edgesChanged();
        parametersChanged();
    }

Q_SIGNALS:
    void edgesChanged();

protected:
    QString invalidParameters() const override
    {
        if (uint(m_edges.toInt()) & ~uint(AllEdges))
            return QStringLiteral("edges has bits outside Top | Left | Bottom | Right");
        return PanRecognizer::invalidParameters();
    }
    void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const override
    {
        PanRecognizer::sendParameters(wire);
        wire.set_edges(uint32_t(m_edges.toInt()));
    }

private:
    Edges m_edges;
};
