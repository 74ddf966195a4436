/* SPDX-License-Identifier: MIT */
#pragma once

#include <QList>
#include <QPoint>
#include <QPointer>
#include <QRect>

class QQuickItem;
class QWindow;
struct wl_region;

// A region of a window's wl_surface built from Qt Quick items: the union of `included` less
// the union of `excluded`, in surface-local coordinates. `whole` (no item given) is the whole
// surface, sent as a null wl_region.
struct SurfaceRegion
{
    bool whole = true;
    QList<QRect> included;
    QList<QRect> excluded;

    bool operator==(const SurfaceRegion &other) const
    {
        return whole == other.whole && included == other.included && excluded == other.excluded;
    }
    bool operator!=(const SurfaceRegion &other) const { return !(*this == other); }
    // What the app sees, for messages: "0,44 240x496" per rectangle.
    QString describe() const;
};

// Window <-> wl_surface coordinates. gesture-bridge-v1 speaks surface-local coordinates; Qt
// draws client-side decorations (the title bar and the frame) inside the wl_surface, so the
// window's scene starts at the decorations' top-left margins in the surface.
namespace SurfaceGeometry {
// The window a recognizer or system gesture surface declared under `owner` attaches to:
// `chosen` (its `window` property) when set, else the window of its nearest Item ancestor, or
// its nearest Window ancestor.
QWindow *attachedWindow(const QObject *owner, QWindow *chosen);
// Sets `current` to `window` (the `window` property's setter); false when it already was.
bool chooseWindow(QPointer<QWindow> &current, QWindow *window);
// Where the window's scene (0, 0) is in its wl_surface.
QPoint sceneOrigin(const QWindow *window);
// The bounding rectangle of `item` in surface coordinates, clipped to the window's scene,
// rounded outwards; empty when the item is not visible or not in a window.
QRect itemRect(const QQuickItem *item);
// `included` items less `excluded` items; `whole` when `included` is empty and `wholeIfNone`.
SurfaceRegion regionOf(const QList<QQuickItem *> &included, const QList<QQuickItem *> &excluded,
                       bool wholeIfNone);
// A new wl_region with `region`'s rectangles (the caller destroys it), or null for a whole
// region or when Qt's wl_compositor is not available.
wl_region *makeRegion(const SurfaceRegion &region);
} // namespace SurfaceGeometry
