# locale-formula and timezone-formula in test mode only (never the host's zone or locale).
# Their packages (dbus, tzdata) are named after the test repository's packages, so test mode
# answers the same on a host with or without them; no dbus service.
locale:
  lookup:
    pkgs: []
    dbus:
      pkg: halitetest-pkg-b
      run_service: False
  present:
    - "xx_HALITETEST.UTF-8 UTF-8"
  default:
    name: xx_HALITETEST.UTF-8
    requires: "xx_HALITETEST.UTF-8 UTF-8"
timezone:
  name: Pacific/Chatham
  utc: True
  lookup:
    pkg:
      name: halitetest-pkg-a
    dbus:
      pkg: halitetest-pkg-b
      run_service: False
