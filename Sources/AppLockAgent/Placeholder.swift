public enum InterfaceXMLProbe { public static let size = PackageResources.io_github_applock_AppLock1_Manager_xml.count }
