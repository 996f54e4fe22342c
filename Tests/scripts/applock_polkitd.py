'''python-dbusmock's polkitd template, holding callers to the real polkitd's rule on details.

The real polkitd (Debian 12's 122) refuses a CheckAuthorization that carries details unless the caller is uid 0 or
the action's owner, with this exact error. The stock template accepts anything, which once hid an agent that always
sent details: every check then failed on a real desktop. This template loads the stock one and replaces
CheckAuthorization with one that enforces the rule first; it also answers CancelCheckAuthorization, and
SimulateNoAgent(true) makes it answer as polkitd does when no authentication agent is registered.

Parameters (python3 -m dbusmock --template THIS_FILE -p JSON):
  caller-uid  the uid every caller is judged as, instead of its own. applockd always runs as the session's user,
              never as root; the tests run it as root, so they say which uid it stands for.
'''

import dbus

# The stock template's methods (SetAllowed, SimulateHang, ReleaseHangingCalls, …) are this template's too.
from dbusmock.templates.polkitd import *  # noqa: F401,F403 pylint: disable=wildcard-import,unused-wildcard-import
from dbusmock import MOCK_IFACE
from dbusmock.templates import polkitd as stock

BUS_NAME = stock.BUS_NAME
MAIN_OBJ = stock.MAIN_OBJ
MAIN_IFACE = stock.MAIN_IFACE
SYSTEM_BUS = True

NOT_AUTHORIZED = 'org.freedesktop.PolicyKit1.Error.NotAuthorized'
DETAILS_REFUSED = 'Only trusted callers (e.g. uid 0 or an action owner) can use CheckAuthorization() and pass details'


def load(mock, parameters):
    stock.load(mock, parameters)
    mock.caller_uid = parameters.get('caller-uid')
    mock.no_agent = False


def caller_uid(mock, sender, connection):
    if mock.caller_uid is not None:
        return int(mock.caller_uid)
    bus = connection.get_object('org.freedesktop.DBus', '/org/freedesktop/DBus')
    return int(bus.GetConnectionUnixUser(sender, dbus_interface='org.freedesktop.DBus'))


@dbus.service.method(MAIN_IFACE,
                     in_signature='(sa{sv})sa{ss}us',
                     out_signature='(bba{ss})',
                     sender_keyword='sender',
                     connection_keyword='connection',
                     async_callbacks=('ok_cb', 'err_cb'))
def CheckAuthorization(self, subject, action_id, details, flags,  # pylint: disable=too-many-arguments
                       cancellation_id, ok_cb, err_cb, sender=None, connection=None):
    '''polkit's rule first: details only from uid 0; then the stock template's answer.'''
    if len(details) > 0 and caller_uid(self, sender, connection) != 0:
        err_cb(dbus.exceptions.DBusException(DETAILS_REFUSED, name=NOT_AUTHORIZED))
        return
    if self.no_agent and action_id not in self.allowed:
        # What polkitd answers when no authentication agent is registered for the subject: a challenge, no dialog.
        ok_cb((False, True, {}))
        return
    stock.CheckAuthorization(self, subject, action_id, details, flags, cancellation_id, ok_cb, err_cb)


@dbus.service.method(MOCK_IFACE, in_signature='b', out_signature='')
def SimulateNoAgent(self, no_agent):
    '''Answers a check of an action not allowed as polkitd does with no authentication agent registered'''
    self.no_agent = no_agent


@dbus.service.method(MAIN_IFACE, in_signature='s', out_signature='')
def CancelCheckAuthorization(_self, _cancellation_id):
    '''Answered and recorded; the stock template has no such method.'''
