/// The Improv service and its characteristics over BLE (lower-case, as BlueZ reports them).
public enum ImprovBLEUUID {
    public static let service = "00467768-6228-2272-4663-277478268000"
    public static let currentState = "00467768-6228-2272-4663-277478268001"
    public static let errorState = "00467768-6228-2272-4663-277478268002"
    public static let rpcCommand = "00467768-6228-2272-4663-277478268003"
    public static let rpcResult = "00467768-6228-2272-4663-277478268004"
    public static let capabilities = "00467768-6228-2272-4663-277478268005"
    /// The advertisement's service data (state and capabilities, before connecting).
    public static let serviceData = "00004677-0000-1000-8000-00805f9b34fb"
}
