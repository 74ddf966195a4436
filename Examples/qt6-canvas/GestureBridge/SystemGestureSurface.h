/* SPDX-License-Identifier: MIT */
#pragma once

#include "SurfaceGeometry.h"
#include "qwayland-gesture-bridge-v1.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QQmlListProperty>
#include <QQmlParserStatus>
#include <QQuickItem>
#include <QWindow>
#include <QtQml/qqmlregistration.h>

#include <memory>

struct wl_surface;

// A window's gesture_bridge_system_gesture_surface_v1 (version 2 of the global): keeps the
// compositor's system gestures (an edge swipe of the shell, three-finger swipes) off the
// bounds of `excludedItems` and defers `deferredEdges` to the app (the first edge swipe is the
// app's, a second one right after it the system's). Declared in a Window (or an Item of it);
// one per window. The items are followed as they move: at each frame of the window, after Qt
// Quick's animations and polish, a changed state is sent, and the wl_surface.commit of that
// frame applies it (the protocol's double-buffering); `applied` turns true once the
// compositor has handled that commit. Qt commits a frame only when it draws something, so a
// change that draws nothing waits for the next drawn frame (docs/toolkits.md).
class SystemGestureSurface : public QObject, public QQmlParserStatus
{
    Q_OBJECT
    Q_INTERFACES(QQmlParserStatus)
    QML_ELEMENT
    Q_PROPERTY(QWindow *window READ window WRITE setWindow NOTIFY windowChanged)
    // Items whose bounds (in the window, clipped to it; invisible items left out) no system
    // gesture sees a touch go down in.
    Q_PROPERTY(QQmlListProperty<QQuickItem> excludedItems READ excludedItems)
    Q_PROPERTY(Edges deferredEdges READ deferredEdges WRITE setDeferredEdges NOTIFY
                       deferredEdgesChanged)
    // True once the compositor has applied the last state sent (false while a change waits
    // for its frame, and without version 2 of the global). Items move between frames: the
    // state they give now may not be sent yet (isUpToDate()).
    Q_PROPERTY(bool applied READ isApplied NOTIFY appliedChanged)
    // The applied exclusion in surface coordinates, e.g. "0,74 240x496" ("nothing").
    Q_PROPERTY(QString appliedExclusion READ appliedExclusion NOTIFY appliedChanged)

public:
    // The protocol's edges enum (UIRectEdge), as ScreenEdgePanRecognizer's.
    enum Edge {
        Top = QtWayland::gesture_bridge_recognizer_v1::edges_top,
        Left = QtWayland::gesture_bridge_recognizer_v1::edges_left,
        Bottom = QtWayland::gesture_bridge_recognizer_v1::edges_bottom,
        Right = QtWayland::gesture_bridge_recognizer_v1::edges_right,
        AllEdges = Top | Left | Bottom | Right,
    };
    Q_DECLARE_FLAGS(Edges, Edge)
    Q_FLAG(Edges)

    explicit SystemGestureSurface(QObject *parent = nullptr);
    ~SystemGestureSurface() override;

    QWindow *window() const;
    void setWindow(QWindow *window);
    QQmlListProperty<QQuickItem> excludedItems();
    Edges deferredEdges() const { return m_deferredEdges; }
    void setDeferredEdges(Edges edges);
    bool isApplied() const { return m_applied; }
    QString appliedExclusion() const { return m_appliedRegion.describe(); }
    // Applied, and what the items and deferredEdges give now: nothing waits for a frame.
    bool isUpToDate() const;

    void classBegin() override;
    void componentComplete() override;

    // For GestureBridgeManager.
    bool isComplete() const { return m_complete; }
    bool isAttached() const { return m_wire != nullptr; }
    wl_surface *attachedSurface() const { return m_surface; }
    void attach(struct ::gesture_bridge_system_gesture_surface_v1 *object, wl_surface *surface);
    void detach();
    // At each frame of the window before its commit: sends the state when it changed.
    void follow();
    // After the window's frame was handed to the compositor: once it has handled it,
    // `applied` follows what that frame carried.
    void frameCommitted();

Q_SIGNALS:
    void windowChanged();
    void deferredEdgesChanged();
    void appliedChanged();

private:
    SurfaceRegion currentRegion() const;
    void setApplied(bool applied, const SurfaceRegion &region);

    class Wire : public QtWayland::gesture_bridge_system_gesture_surface_v1
    {
    public:
        explicit Wire(struct ::gesture_bridge_system_gesture_surface_v1 *object)
            : QtWayland::gesture_bridge_system_gesture_surface_v1(object)
        {
        }
        ~Wire() override { destroy(); }
        Wire(const Wire &) = delete;
        Wire &operator=(const Wire &) = delete;
    };

    QPointer<QWindow> m_window;
    QList<QQuickItem *> m_excludedItems;
    Edges m_deferredEdges;
    std::unique_ptr<Wire> m_wire;
    wl_surface *m_surface = nullptr;
    bool m_complete = false;
    // What was sent, and whether a frame must still commit it.
    SurfaceRegion m_sentRegion;
    Edges m_sentEdges;
    bool m_sentOnce = false;
    bool m_waitingForFrame = false;
    // Bumped at each send: a sync that comes back for an older send changes nothing.
    quint64 m_sends = 0;
    bool m_applied = false;
    SurfaceRegion m_appliedRegion;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(SystemGestureSurface::Edges)
