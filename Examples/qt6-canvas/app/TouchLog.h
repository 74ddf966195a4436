/* SPDX-License-Identifier: MIT */
#pragma once

#include <QFile>
#include <QObject>

// What Qt's own touch handling receives on a window (QTouchEvent: TouchBegin, TouchUpdate,
// TouchEnd, TouchCancel), one JSON line each, e.g.
// {"event":"TouchUpdate","timestamp":123456,"points":[{"id":0,"state":"moved","position":[1.00,2.00]}]}
// (timestamp: the event's milliseconds; position: scene coordinates). Observes only: the
// event goes on to Qt Quick.
class TouchLog : public QObject
{
public:
    explicit TouchLog(const QString &path, QObject *parent = nullptr);
    bool open(QString *error);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QFile m_file;
};
