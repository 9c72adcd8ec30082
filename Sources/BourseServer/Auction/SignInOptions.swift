/// How the auction house signs people in: password hashing, session lifetime, and the sign-in throttle.
public struct SignInOptions: Sendable {
    /// bcrypt's cost (log₂ of its rounds). 12 takes about a quarter of a second on one core here, which is
    /// the point: a guess costs an attacker as much. Tests use bcrypt's minimum, 4.
    public var passwordCost = 12
    /// How long a session lasts after sign-in.
    public var sessionLifetime: Duration = .seconds(30 * 86_400)
    /// Failed sign-ins allowed for one username within ``throttleWindow`` before it is refused for a while.
    public var failuresPerName = 5
    /// Failed sign-ins allowed from one address within ``throttleWindow``, whatever the names.
    public var failuresPerAddress = 20
    /// The window the failures are counted in, and how long a throttled name or address waits.
    public var throttleWindow: Duration = .seconds(900)
    /// Sign-ups allowed from one address within ``throttleWindow``: each costs a bcrypt hash (a quarter of a
    /// second of a core), so an unthrottled address could keep the hashing threads busy.
    public var signUpsPerAddress = 20

    /// The defaults written beside each setting.
    public init() {}
}
