import BourseCore

/// How an order of the reference model ends: `done`, or `cancelled` for a reason.
enum ReferenceEnding {
    case done
    case cancelled(CancelReason)
}
