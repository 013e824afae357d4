/etc/halitetest-smoke.conf:
  file.managed:
    - contents: written by the host-case harness smoke test
    - mode: '0640'
