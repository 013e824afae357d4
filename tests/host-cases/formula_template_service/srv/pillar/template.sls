# template-formula (a package, its config file, its service) given the test repository's
# halitetest-pkg-daemon, whose postinst enables its init script as packaged services do
TEMPLATE:
  pkg:
    name: halitetest-pkg-daemon
  service:
    name: halitetest-pkg-daemon
  config: /etc/halitetest-pkg-daemon.conf
  subcomponent:
    config: /etc/halitetest-pkg-daemon-sub.conf
