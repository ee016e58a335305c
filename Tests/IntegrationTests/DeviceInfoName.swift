import Agent

/// The device name `home agent` registers this machine under.
enum DeviceInfoName {
    static var current: String { DeviceInfo.read(appID: MobileAppRegistrar.appID).deviceName }
}
