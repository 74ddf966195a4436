/* SPDX-License-Identifier: MIT */
#pragma once

#include "qwayland-gesture-bridge-v1.h"

#include <QPointF>
#include <QString>

class GestureRecognizer;

// The values of one event group of gesture_bridge_recognizer_v1, kept until its frame event.
struct EventGroup
{
    QPointF location;
    int touches = 0;
    bool hasTranslation = false;
    QPointF translation;
    QPointF velocity;
    bool hasScale = false;
    double scale = 1;
    double scaleVelocity = 0;
    bool hasRotation = false;
    double rotation = 0;
    double rotationVelocity = 0;
    QString direction;
    bool hasTaps = false;
    int taps = 0;
};

// A gesture_bridge_recognizer_v1 object (qtwaylandscanner's class generated from the
// installed XML): collects each event group and hands it to its QML recognizer at the frame
// event. Destroying it sends gesture_bridge_recognizer_v1.destroy.
class RecognizerWire : public QtWayland::gesture_bridge_recognizer_v1
{
public:
    RecognizerWire(struct ::gesture_bridge_recognizer_v1 *object, GestureRecognizer *owner);
    ~RecognizerWire() override;
    RecognizerWire(const RecognizerWire &) = delete;
    RecognizerWire &operator=(const RecognizerWire &) = delete;

    // The state enum's name (began, changed, ...), or an empty string for an unknown value.
    static QString stateName(uint32_t state);
    // The direction enum's single value as a name, or an empty string.
    static QString directionName(uint32_t direction);

protected:
    void gesture_bridge_recognizer_v1_location(wl_fixed_t x, wl_fixed_t y) override;
    void gesture_bridge_recognizer_v1_touches(uint32_t number) override;
    void gesture_bridge_recognizer_v1_translation(wl_fixed_t dx, wl_fixed_t dy) override;
    void gesture_bridge_recognizer_v1_velocity(wl_fixed_t vx, wl_fixed_t vy) override;
    void gesture_bridge_recognizer_v1_scale(wl_fixed_t scale, wl_fixed_t velocity) override;
    void gesture_bridge_recognizer_v1_rotation(wl_fixed_t rotation, wl_fixed_t velocity) override;
    void gesture_bridge_recognizer_v1_direction(uint32_t direction) override;
    void gesture_bridge_recognizer_v1_taps(uint32_t number) override;
    void gesture_bridge_recognizer_v1_frame(uint32_t state, uint32_t utime_hi,
                                            uint32_t utime_lo) override;

private:
    GestureRecognizer *m_owner;
    EventGroup m_group;
};
