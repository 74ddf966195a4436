/* SPDX-License-Identifier: MIT */
#include "SurfaceGeometry.h"

#include <QGuiApplication>
#include <QQuickItem>
#include <QQuickWindow>
#include <QtGui/qpa/qplatformnativeinterface.h>

#include <wayland-client.h>

QString SurfaceRegion::describe() const
{
    if (whole)
        return QStringLiteral("the whole surface");
    QStringList parts;
    for (const QRect &rect : included)
        parts << QStringLiteral("%1,%2 %3x%4").arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(
                rect.height());
    for (const QRect &rect : excluded)
        parts << QStringLiteral("less %1,%2 %3x%4")
                         .arg(rect.x())
                         .arg(rect.y())
                         .arg(rect.width())
                         .arg(rect.height());
    return parts.isEmpty() ? QStringLiteral("nothing") : parts.join(QLatin1Char(' '));
}

QWindow *SurfaceGeometry::attachedWindow(const QObject *owner, QWindow *chosen)
{
    if (chosen)
        return chosen;
    for (QObject *ancestor = owner->parent(); ancestor; ancestor = ancestor->parent()) {
        if (auto *item = qobject_cast<QQuickItem *>(ancestor))
            return item->window();
        if (auto *window = qobject_cast<QWindow *>(ancestor))
            return window;
    }
    return nullptr;
}

bool SurfaceGeometry::chooseWindow(QPointer<QWindow> &current, QWindow *window)
{
    if (current == window)
        return false;
    current = window;
    return true;
}

QPoint SurfaceGeometry::sceneOrigin(const QWindow *window)
{
    if (!window)
        return QPoint();
    const QMargins margins = window->frameMargins();
    return QPoint(margins.left(), margins.top());
}

QRect SurfaceGeometry::itemRect(const QQuickItem *item)
{
    if (!item || !item->window() || !item->isVisible())
        return QRect();
    const QQuickWindow *window = item->window();
    const QRectF scene = item->mapRectToScene(QRectF(0, 0, item->width(), item->height()))
                                 .intersected(QRectF(0, 0, window->width(), window->height()));
    if (scene.isEmpty())
        return QRect();
    return scene.toAlignedRect().translated(sceneOrigin(window));
}

SurfaceRegion SurfaceGeometry::regionOf(const QList<QQuickItem *> &included,
                                        const QList<QQuickItem *> &excluded, bool wholeIfNone)
{
    SurfaceRegion region;
    region.whole = included.isEmpty() && wholeIfNone;
    if (region.whole)
        return region;
    for (const QQuickItem *item : included) {
        const QRect rect = itemRect(item);
        if (!rect.isEmpty())
            region.included.append(rect);
    }
    for (const QQuickItem *item : excluded) {
        const QRect rect = itemRect(item);
        if (!rect.isEmpty())
            region.excluded.append(rect);
    }
    return region;
}

wl_region *SurfaceGeometry::makeRegion(const SurfaceRegion &region)
{
    QPlatformNativeInterface *native = QGuiApplication::platformNativeInterface();
    if (region.whole || !native)
        return nullptr;
    auto *compositor = static_cast<wl_compositor *>(
            native->nativeResourceForIntegration("compositor"));
    if (!compositor)
        return nullptr;
    wl_region *made = wl_compositor_create_region(compositor);
    for (const QRect &rect : region.included)
        wl_region_add(made, rect.x(), rect.y(), rect.width(), rect.height());
    for (const QRect &rect : region.excluded)
        wl_region_subtract(made, rect.x(), rect.y(), rect.width(), rect.height());
    return made;
}
