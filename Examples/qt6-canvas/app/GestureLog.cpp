/* SPDX-License-Identifier: MIT */
#include "GestureLog.h"

#include <cmath>

GestureLog::GestureLog(const QString &path, bool includeFailed)
    : m_file(path), m_includeFailed(includeFailed)
{
}

bool GestureLog::open(QString *error)
{
    if (m_file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text))
        return true;
    *error = m_file.errorString();
    return false;
}

void GestureLog::write(const Gesture &gesture)
{
    if (!m_file.isOpen() || (gesture.state == QLatin1String("failed") && !m_includeFailed))
        return;
    m_file.write(line(gesture) + '\n');
    m_file.flush();
}

QByteArray GestureLog::fixed(double value, int decimals)
{
    if (!std::isfinite(value) || std::fabs(value) >= 1e15)
        return QByteArrayLiteral("null");
    const double factor = std::pow(10.0, decimals);
    // std::llround rounds half away from zero, like the project's FixedDecimal.
    const long long scaled = std::llround(value * factor);
    const unsigned long long magnitude =
            scaled < 0 ? 0ULL - static_cast<unsigned long long>(scaled) : scaled;
    const unsigned long long unit = static_cast<unsigned long long>(factor);
    QByteArray text = scaled < 0 ? QByteArrayLiteral("-") : QByteArray();
    text += QByteArray::number(magnitude / unit);
    if (decimals > 0)
        text += '.' + QByteArray::number(magnitude % unit).rightJustified(decimals, '0');
    return text;
}

QByteArray GestureLog::seconds(quint64 microseconds)
{
    return QByteArray::number(microseconds / 1000000) + '.'
            + QByteArray::number(microseconds % 1000000).rightJustified(6, '0');
}

QByteArray GestureLog::quoted(const QString &text)
{
    QByteArray out = "\"";
    for (const char c : text.toUtf8()) {
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (static_cast<unsigned char>(c) < 0x20)
                out += "\\u" + QByteArray::number(int(c), 16).rightJustified(4, '0');
            else
                out += c;
        }
    }
    return out + '"';
}

static QByteArray pair(const QPointF &point, int decimals)
{
    return '[' + GestureLog::fixed(point.x(), decimals) + ','
            + GestureLog::fixed(point.y(), decimals) + ']';
}

QByteArray GestureLog::line(const Gesture &gesture)
{
    QByteArray out = "{\"time\":" + seconds(gesture.timeMicroseconds);
    out += ",\"recognizer\":" + quoted(gesture.recognizer);
    out += ",\"type\":" + quoted(gesture.type);
    out += ",\"view\":\"surface\"";
    out += ",\"state\":" + quoted(gesture.state);
    out += ",\"location\":" + pair(gesture.surfaceLocation, 2);
    out += ",\"touches\":" + QByteArray::number(gesture.touches);
    const bool values = gesture.hasValues;
    if (gesture.type == QLatin1String("tap")) {
        out += ",\"taps\":" + (values ? QByteArray::number(gesture.taps) : "null");
    } else if (gesture.type == QLatin1String("pan")
               || gesture.type == QLatin1String("screen-edge-pan")) {
        out += ",\"translation\":" + (values ? pair(gesture.translation, 2) : "null");
        out += ",\"velocity\":" + (values ? pair(gesture.velocity, 1) : "null");
    } else if (gesture.type == QLatin1String("pinch")) {
        out += ",\"scale\":" + (values ? fixed(gesture.scale, 4) : "null");
        out += ",\"velocity\":" + (values ? fixed(gesture.scaleVelocity, 4) : "null");
    } else if (gesture.type == QLatin1String("rotation")) {
        out += ",\"rotation\":" + (values ? fixed(gesture.rotation, 4) : "null");
        out += ",\"velocity\":" + (values ? fixed(gesture.rotationVelocity, 4) : "null");
    } else if (gesture.type == QLatin1String("swipe")) {
        out += ",\"direction\":" + (values ? quoted(gesture.direction) : "null");
    }
    return out + '}';
}
