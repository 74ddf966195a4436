/* SPDX-License-Identifier: MIT */
#pragma once

#include "Gesture.h"
#include "RecognizerWire.h"
#include "SurfaceGeometry.h"

#include <QList>
#include <QObject>
#include <QPointer>
#include <QQmlListProperty>
#include <QQmlParserStatus>
#include <QQuickItem>
#include <QWindow>
#include <QtQml/qqmlregistration.h>

#include <memory>

class QQuickItem;
struct wl_surface;

// The base of the QML recognizer types (TapRecognizer, PanRecognizer, ...): one
// gesture_bridge_recognizer_v1 on the wl_surface of a window. Declared inside a Window (or any
// Item of it), it attaches to that window once the window is shown and the compositor offers
// gesture_bridge_manager_v1; `window` names another one. Properties use UIKit's names; every
// change is sent with a commit (a value the protocol forbids is refused with a QML warning and
// not sent). Each state change the compositor reports is emitted as `gesture(gesture)` and as
// the signal of its state. `item` limits where touches must go down (set_region: the item's
// bounds less `excludedItems`', followed as they move, frame by frame).
class GestureRecognizer : public QObject, public QQmlParserStatus
{
    Q_OBJECT
    Q_INTERFACES(QQmlParserStatus)
    QML_ELEMENT
    QML_UNCREATABLE("GestureRecognizer is a base type: use TapRecognizer, PanRecognizer, ...")
    Q_PROPERTY(QString name READ name WRITE setName NOTIFY nameChanged)
    Q_PROPERTY(QString type READ type CONSTANT)
    Q_PROPERTY(QWindow *window READ window WRITE setWindow NOTIFY windowChanged)
    Q_PROPERTY(bool enabled READ isEnabled WRITE setEnabled NOTIFY enabledChanged)
    Q_PROPERTY(bool cancelsTouchesInView READ cancelsTouchesInView WRITE setCancelsTouchesInView
                       NOTIFY cancelsTouchesInViewChanged)
    Q_PROPERTY(bool delaysTouchesBegan READ delaysTouchesBegan WRITE setDelaysTouchesBegan NOTIFY
                       delaysTouchesBeganChanged)
    Q_PROPERTY(bool delaysTouchesEnded READ delaysTouchesEnded WRITE setDelaysTouchesEnded NOTIFY
                       delaysTouchesEndedChanged)
    // Where touches must go down to be seen: the bounds of this item in the window (null, the
    // default: the whole window), less the bounds of the visible `excludedItems`.
    Q_PROPERTY(QQuickItem *item READ item WRITE setItem NOTIFY itemChanged)
    Q_PROPERTY(QQmlListProperty<QQuickItem> excludedItems READ excludedItems)
    Q_PROPERTY(QQmlListProperty<GestureRecognizer> requiresFailureOf READ requiresFailureOf)
    Q_PROPERTY(QQmlListProperty<GestureRecognizer> recognizesSimultaneouslyWith READ
                       recognizesSimultaneouslyWith)
    // possible, began, changed, ended, cancelled, recognized or failed: the last state reported.
    Q_PROPERTY(QString state READ state NOTIFY stateChanged)
    // True once the recognizer is committed on its window's surface.
    Q_PROPERTY(bool attached READ isCommitted NOTIFY attachedChanged)

public:
    ~GestureRecognizer() override;

    QString name() const { return m_name; }
    void setName(const QString &name);
    QString type() const { return m_type; }
    QWindow *window() const;
    void setWindow(QWindow *window);
    bool isEnabled() const { return m_enabled; }
    void setEnabled(bool enabled);
    bool cancelsTouchesInView() const { return m_cancelsTouchesInView; }
    void setCancelsTouchesInView(bool value);
    bool delaysTouchesBegan() const { return m_delaysTouchesBegan; }
    void setDelaysTouchesBegan(bool value);
    bool delaysTouchesEnded() const { return m_delaysTouchesEnded; }
    void setDelaysTouchesEnded(bool value);
    QQuickItem *item() const;
    void setItem(QQuickItem *item);
    QQmlListProperty<QQuickItem> excludedItems();
    QQmlListProperty<GestureRecognizer> requiresFailureOf();
    QQmlListProperty<GestureRecognizer> recognizesSimultaneouslyWith();
    QString state() const { return m_state; }
    bool isCommitted() const { return m_committed; }

    // Registered at creation, so recognizers are made on the surface in declaration order;
    // attached once complete.
    void classBegin() override;
    void componentComplete() override;

    // For GestureBridgeManager.
    uint32_t protocolType() const { return m_protocolType; }
    // The version of gesture_bridge_manager_v1 that brought the type.
    uint32_t protocolSince() const { return m_protocolSince; }
    bool isComplete() const { return m_complete; }
    wl_surface *attachedSurface() const { return m_surface; }
    bool isAttached() const { return m_wire != nullptr; }
    void attach(struct ::gesture_bridge_recognizer_v1 *object, wl_surface *surface);
    void detach();
    bool needsCommit() const { return m_needsCommit; }
    // A relation names a recognizer attached since the last commit.
    bool hasUnsentRelations() const;
    // `other` got a new gesture_bridge_recognizer_v1 (its window's new wl_surface): the
    // relations to it are sent again at the next commit.
    void forgetSentRelationsTo(const GestureRecognizer *other);
    // `other` is being destroyed: it leaves the relation lists.
    void forgetRecognizer(const GestureRecognizer *other);
    // Sends the parameters, the relations to attached recognizers not sent yet and commit;
    // false (with a QML warning, nothing sent) when a value is out of the protocol's range.
    bool commit();
    // The region of `item` less `excludedItems` now (surface coordinates).
    SurfaceRegion currentRegion() const;
    // Commits again when the region moved since the last commit (the manager calls it at each
    // frame of the window, after Qt Quick's animations and polish).
    void followRegion();
    // Called by RecognizerWire at each frame event.
    void deliver(const EventGroup &group, const QString &state, quint64 timeMicroseconds);

Q_SIGNALS:
    void nameChanged();
    void windowChanged();
    void itemChanged();
    void enabledChanged();
    void cancelsTouchesInViewChanged();
    void delaysTouchesBeganChanged();
    void delaysTouchesEndedChanged();
    void stateChanged();
    void attachedChanged();
    void gesture(const Gesture &gesture);
    void began(const Gesture &gesture);
    void changed(const Gesture &gesture);
    void ended(const Gesture &gesture);
    void cancelled(const Gesture &gesture);
    void recognized(const Gesture &gesture);
    void failed(const Gesture &gesture);

protected:
    // `since`: the version of gesture_bridge_manager_v1 that brought the type (its
    // <TYPE>_SINCE_VERSION in the scanner's header; 1 for the first types).
    GestureRecognizer(uint32_t protocolType, const QString &type, QObject *parent,
                      uint32_t since = 1);
    // Marks the pending state changed: a commit follows in the event loop.
    void parametersChanged();
    // Why the type's parameters cannot be sent (empty when they can).
    virtual QString invalidParameters() const { return QString(); }
    // The version of the attached gesture_bridge_recognizer_v1 (0 when not attached).
    uint32_t wireVersion() const;
    // Sends the type's set_* requests (not commit).
    virtual void sendParameters(QtWayland::gesture_bridge_recognizer_v1 &wire) const
    {
        Q_UNUSED(wire);
    }
    // Fills the type's values of `gesture` from `group`.
    virtual void fillValues(Gesture &gesture, const EventGroup &group) const
    {
        Q_UNUSED(gesture);
        Q_UNUSED(group);
    }

private:
    void sendRelations();
    // Why the relations cannot be sent (itself named, a requiresFailureOf cycle), or empty.
    QString invalidRelations() const;
    bool failureChainReaches(const GestureRecognizer *target,
                             QList<const GestureRecognizer *> &seen) const;

    uint32_t m_protocolType;
    uint32_t m_protocolSince;
    QString m_type;
    QString m_name;
    QPointer<QWindow> m_window;
    QPointer<QQuickItem> m_item;
    QList<QQuickItem *> m_excludedItems;
    SurfaceRegion m_sentRegion;
    bool m_enabled = true;
    bool m_cancelsTouchesInView = true;
    bool m_delaysTouchesBegan = false;
    bool m_delaysTouchesEnded = true;
    QList<GestureRecognizer *> m_requiresFailureOf;
    QList<GestureRecognizer *> m_recognizesSimultaneouslyWith;
    QList<QPointer<GestureRecognizer>> m_sentFailureRelations;
    QList<QPointer<GestureRecognizer>> m_sentSimultaneousRelations;
    QString m_state = QStringLiteral("possible");
    std::unique_ptr<RecognizerWire> m_wire;
    wl_surface *m_surface = nullptr;
    bool m_complete = false;
    bool m_needsCommit = true;
    bool m_committed = false;
    // The last commit was refused (a QML warning): not retried until a property changes.
    bool m_refused = false;
};
