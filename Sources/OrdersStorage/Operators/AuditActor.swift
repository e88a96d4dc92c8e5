import Foundation

/// Who the audit log names for a change: the one rule, for every command and the app.
public enum AuditActor {
    /// `--actor` when given, else `$ORDERS_ACTOR`, else the user the database knows this
    /// connection as (`OrderStore.databaseUser`: PostgreSQL's `current_user`, the OS user
    /// for a file). Empty texts count as not given.
    public static func resolve(option: String?, environment: [String: String], store: any OrderStore) -> String {
        if let option, !option.isEmpty { return option }
        if let named = environment["ORDERS_ACTOR"], !named.isEmpty { return named }
        return store.databaseUser
    }
}
