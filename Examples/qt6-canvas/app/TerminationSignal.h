/* SPDX-License-Identifier: MIT */
#pragma once

#include <QObject>
#include <QSocketNotifier>

// SIGINT and SIGTERM as a Qt signal on the GUI thread (a socket pair written by the handler).
class TerminationSignal : public QObject
{
    Q_OBJECT

public:
    explicit TerminationSignal(QObject *parent = nullptr);

Q_SIGNALS:
    void received();

private:
    static void handle(int signal);
    QSocketNotifier *m_notifier = nullptr;
};
