# a served tar.gz checked against the remote hash file, kept in the cache
with_hash:
  archive.extracted:
    - name: /var/tmp/halitetestnw-out/arc1
    - source: http://127.0.0.1:38391/app-1.0.tar.gz
    - source_hash: http://127.0.0.1:38391/SHA256SUMS

# skip_verify, the cached copy removed afterwards
skip_verify_not_kept:
  archive.extracted:
    - name: /var/tmp/halitetestnw-out/arc2
    - source: http://127.0.0.1:38391/app-1.0.tar.gz
    - skip_verify: True
    - keep_source: False

arc_no_hash:
  archive.extracted:
    - name: /var/tmp/halitetestnw-out/arc3
    - source: http://127.0.0.1:38391/app-1.0.tar.gz

arc_wrong_hash:
  archive.extracted:
    - name: /var/tmp/halitetestnw-out/arc4
    - source: http://127.0.0.1:38391/app-1.0.tar.gz
    - source_hash: sha256=73cb3858a687a8494ca3323053016282f3dad39d42cf62ca4e79dda2aac7d9ac

arc_not_found:
  archive.extracted:
    - name: /var/tmp/halitetestnw-out/arc5
    - source: http://127.0.0.1:38391/nope.tar.gz
    - skip_verify: True
