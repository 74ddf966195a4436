/* SPDX-License-Identifier: MIT */
#pragma once

#include "TouchCountRecognizer.h"

// UIPinchGestureRecognizer: continuous; scale of the touches' spread since the start.
class PinchRecognizer : public TouchCountRecognizer
{
    Q_OBJECT
    QML_ELEMENT

public:
    explicit PinchRecognizer(QObject *parent = nullptr)
        : TouchCountRecognizer(QtWayland::gesture_bridge_manager_v1::type_pinch, QStringLiteral("pinch"), parent)
    {
    }

protected:
    void fillValues(Gesture &gesture, const EventGroup &group) const override
    {
        gesture.hasValues = group.hasScale;
        gesture.scale = group.scale;
        gesture.scaleVelocity = group.scaleVelocity;
    }
};
