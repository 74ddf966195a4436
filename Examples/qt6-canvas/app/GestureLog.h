/* SPDX-License-Identifier: MIT */
#pragma once

#include "Gesture.h"

#include <QFile>
#include <QString>

// Writes each gesture as one JSON line with the schema of `gesture-bridge replay --format
// json` ("view":"surface", the location in surface coordinates, the time in CLOCK_MONOTONIC
// seconds), flushed at once. Failed state changes are written only when asked (the replay
// prints none).
class GestureLog
{
public:
    GestureLog(const QString &path, bool includeFailed);
    bool open(QString *error);
    void write(const Gesture &gesture);
    void close() { m_file.close(); }

    // The JSON line of `gesture` (no newline).
    static QByteArray line(const Gesture &gesture);
    // `value` with `decimals` digits after the point, rounded half away from zero, no
    // exponent and no negative zero; null for a non-finite value.
    static QByteArray fixed(double value, int decimals);
    // `microseconds` as seconds with 6 decimals, exactly.
    static QByteArray seconds(quint64 microseconds);
    static QByteArray quoted(const QString &text);

private:
    QFile m_file;
    bool m_includeFailed;
};
