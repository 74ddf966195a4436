/* SPDX-License-Identifier: MIT */
#pragma once

#include <QObject>
#include <QPointF>
#include <QString>
#include <QtQml/qqmlregistration.h>
#include <QtGlobal>

// One state change of a recognizer, as the compositor reported it in one event group of
// gesture_bridge_recognizer_v1 (location, touches, the type's values, then frame). QML sees it
// as the value type `gesture`, the argument of every recognizer signal.
class Gesture
{
    Q_GADGET
    QML_VALUE_TYPE(gesture)
    // The recognizer's name (its `name` property, or its QML id's objectName).
    Q_PROPERTY(QString recognizer MEMBER recognizer CONSTANT)
    // tap, long-press, pan, pinch, rotation, swipe or screen-edge-pan.
    Q_PROPERTY(QString type MEMBER type CONSTANT)
    // began, changed, ended, cancelled, recognized or failed.
    Q_PROPERTY(QString state MEMBER state CONSTANT)
    // CLOCK_MONOTONIC seconds of the touch input that caused the change.
    Q_PROPERTY(double time READ time CONSTANT)
    // Where the touches are, in the window's (QML scene) coordinates.
    Q_PROPERTY(QPointF location MEMBER location CONSTANT)
    // The same point in wl_surface-local coordinates (the window's decorations included).
    Q_PROPERTY(QPointF surfaceLocation MEMBER surfaceLocation CONSTANT)
    Q_PROPERTY(int touches MEMBER touches CONSTANT)
    // Pan and screen-edge pan: translation since the start and velocity (units per second).
    Q_PROPERTY(QPointF translation MEMBER translation CONSTANT)
    Q_PROPERTY(QPointF velocity MEMBER velocity CONSTANT)
    // Pinch: scale factor since the start and its velocity (factor per second).
    Q_PROPERTY(double scale MEMBER scale CONSTANT)
    Q_PROPERTY(double scaleVelocity MEMBER scaleVelocity CONSTANT)
    // Rotation: radians since the start (clockwise positive) and radians per second.
    Q_PROPERTY(double rotation MEMBER rotation CONSTANT)
    Q_PROPERTY(double rotationVelocity MEMBER rotationVelocity CONSTANT)
    // Swipe: left, right, up or down ("" when not sent).
    Q_PROPERTY(QString direction MEMBER direction CONSTANT)
    // Tap: number of taps.
    Q_PROPERTY(int taps MEMBER taps CONSTANT)
    // Whether the group carried the type's values (a failed frame carries none).
    Q_PROPERTY(bool hasValues MEMBER hasValues CONSTANT)

public:
    double time() const { return double(timeMicroseconds) / 1e6; }

    QString recognizer;
    QString type;
    QString state;
    quint64 timeMicroseconds = 0;
    QPointF location;
    QPointF surfaceLocation;
    int touches = 0;
    QPointF translation;
    QPointF velocity;
    double scale = 1;
    double scaleVelocity = 0;
    double rotation = 0;
    double rotationVelocity = 0;
    QString direction;
    int taps = 0;
    bool hasValues = false;
};
