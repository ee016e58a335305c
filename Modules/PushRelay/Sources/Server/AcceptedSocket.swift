/// A connection the server accepted and admitted, on its way to the loop that serves it.
struct AcceptedSocket {
    let socket: Int32
    /// The peer: the client itself, or a trusted proxy speaking for it.
    let peer: IPAddress
    /// What ``ConnectionAdmission`` counts it under (nil: in the total only, a trusted proxy).
    let admissionKey: String?
}
