/// The home folder `/etc/passwd` gives a user, read from the file itself.
///
/// Not `getpwuid`: conv is linked statically, and a static glibc asks the system's NSS modules
/// (shared libraries built against the shared glibc) for users the file lacks; with systemd's
/// module that crashed conv (`HOME` unset, a user id not in the file). Users known only to other
/// databases (LDAP, systemd-homed) get the one-line message asking for `HOME`.
enum PasswordFile {
  /// The home folder of `uid` in the password file at `path`, or nil.
  static func home(of uid: UInt32, path: String = "/etc/passwd") -> String? {
    guard let text = try? FileSystem.read(path) else { return nil }
    return home(of: uid, in: text)
  }

  /// The home folder of `uid` in the text of a password file (`name:password:uid:gid:gecos:home:shell`
  /// lines), or nil.
  static func home(of uid: UInt32, in text: String) -> String? {
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
      let fields = line.split(separator: ":", omittingEmptySubsequences: false)
      guard fields.count >= 7, let id = UInt32(fields[2]), id == uid else { continue }
      let home = String(fields[5])
      return home.hasPrefix("/") ? home : nil
    }
    return nil
  }
}
