kernel.halitetest_none:
  sysctl.present:
    - value: 1
    - config: /tmp/halitetest-svc-sysctl.conf
