# remote sources that cannot be fetched: nothing listens on 127.0.0.1:38399, and the
# .invalid top-level domain never resolves
refused:
  file.managed:
    - name: {{ opts['cachedir'] }}/out/refused.txt
    - source: http://127.0.0.1:38399/hello.txt
    - skip_verify: True

unknown_host:
  file.managed:
    - name: {{ opts['cachedir'] }}/out/unknown.txt
    - source: https://halitetestnw.invalid/hello.txt
    - source_hash: sha256=9347bf9e5b6f42fa181ab19631e9011b836363d3a08b05a8faf318868be5882e

no_source_hash:
  file.managed:
    - name: {{ opts['cachedir'] }}/out/nohash.txt
    - source: http://127.0.0.1:38399/hello.txt

credentials_redacted:
  file.managed:
    - name: {{ opts['cachedir'] }}/out/creds.txt
    - source: http://user:secret@127.0.0.1:38399/hello.txt

remote_hash_refused:
  file.managed:
    - name: {{ opts['cachedir'] }}/out/rh.txt
    - source: /etc/os-release
    - source_hash: http://127.0.0.1:38399/SHA256SUMS
    - makedirs: True

archive_refused:
  archive.extracted:
    - name: {{ opts['cachedir'] }}/out/arc
    - source: http://127.0.0.1:38399/app-1.0.tar.gz
    - skip_verify: True

archive_no_hash:
  archive.extracted:
    - name: {{ opts['cachedir'] }}/out/arc2
    - source: https://halitetestnw.invalid/app-1.0.tar.gz

dependant:
  test.succeed_without_changes:
    - onchanges:
      - archive: archive_refused

script_refused:
  cmd.script:
    - source: http://127.0.0.1:38399/run.sh
