/// Names and introspection XML of the org.freedesktop.DBus interfaces every exported object answers.
public enum StandardInterfaces {
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
    public static let properties = "org.freedesktop.DBus.Properties"
    public static let peer = "org.freedesktop.DBus.Peer"
    public static let objectManager = "org.freedesktop.DBus.ObjectManager"

    static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
        "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    static let introspectableXML = """
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>

        """

    static let propertiesXML = """
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>

        """

    static let peerXML = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>

        """

    static let objectManagerXML = """
          <interface name="org.freedesktop.DBus.ObjectManager">
            <method name="GetManagedObjects">
              <arg name="objects" type="a{oa{sa{sv}}}" direction="out"/>
            </method>
            <signal name="InterfacesAdded">
              <arg name="object_path" type="o"/>
              <arg name="interfaces_and_properties" type="a{sa{sv}}"/>
            </signal>
            <signal name="InterfacesRemoved">
              <arg name="object_path" type="o"/>
              <arg name="interfaces" type="as"/>
            </signal>
          </interface>

        """
}
