/* SPDX-License-Identifier: MIT */
#include "TouchLog.h"

#include "GestureLog.h"

#include <QEventPoint>
#include <QTouchEvent>

TouchLog::TouchLog(const QString &path, QObject *parent) : QObject(parent), m_file(path) {}

bool TouchLog::open(QString *error)
{
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return true;
    *error = m_file.errorString();
    return false;
}

static QByteArray stateName(QEventPoint::State state)
{
    switch (state) {
    case QEventPoint::Pressed: return "pressed";
    case QEventPoint::Updated: return "moved";
    case QEventPoint::Stationary: return "stationary";
    case QEventPoint::Released: return "released";
    default: return "unknown";
    }
}

bool TouchLog::eventFilter(QObject *watched, QEvent *event)
{
    const char *name = nullptr;
    switch (event->type()) {
    case QEvent::TouchBegin: name = "TouchBegin"; break;
    case QEvent::TouchUpdate: name = "TouchUpdate"; break;
    case QEvent::TouchEnd: name = "TouchEnd"; break;
    case QEvent::TouchCancel: name = "TouchCancel"; break;
    default: return QObject::eventFilter(watched, event);
    }
    const auto *touch = static_cast<QTouchEvent *>(event);
    QByteArray line = QByteArray("{\"event\":\"") + name + "\",\"timestamp\":"
            + QByteArray::number(touch->timestamp()) + ",\"points\":[";
    bool first = true;
    for (const QEventPoint &point : touch->points()) {
        line += first ? "" : ",";
        first = false;
        line += "{\"id\":" + QByteArray::number(point.id()) + ",\"state\":\""
                + stateName(point.state()) + "\",\"position\":["
                + GestureLog::fixed(point.scenePosition().x(), 2) + ','
                + GestureLog::fixed(point.scenePosition().y(), 2) + "]}";
    }
    m_file.write(line + "]}\n");
    m_file.flush();
    return QObject::eventFilter(watched, event);
}
