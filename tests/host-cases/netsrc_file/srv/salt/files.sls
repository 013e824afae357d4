# an http source with an inline source_hash: fetched once, then the file's hash matches
inline_hash:
  file.managed:
    - name: /var/tmp/halitetestnw-out/hello.txt
    - source: http://127.0.0.1:38391/hello.txt
    - source_hash: sha256=9347bf9e5b6f42fa181ab19631e9011b836363d3a08b05a8faf318868be5882e
    - mode: '0644'

# the sum from a remote hash file, the line picked by source_hash_name; the source is
# reached through a redirect
remote_hash_file:
  file.managed:
    - name: /var/tmp/halitetestnw-out/via-sums.txt
    - source: http://127.0.0.1:38391/redirect/hello.txt
    - source_hash: http://127.0.0.1:38391/SHA256SUMS
    - source_hash_name: hello.txt
    - mode: '0644'

skip_verify:
  file.managed:
    - name: /var/tmp/halitetestnw-out/skip.txt
    - source: http://127.0.0.1:38391/hello.txt
    - skip_verify: True
    - mode: '0644'

jinja_template:
  file.managed:
    - name: /var/tmp/halitetestnw-out/tmpl.txt
    - source: http://127.0.0.1:38391/tmpl.j2
    - template: jinja
    - skip_verify: True
    - mode: '0644'

no_hash:
  file.managed:
    - name: /var/tmp/halitetestnw-out/nohash.txt
    - source: http://127.0.0.1:38391/hello.txt

wrong_hash:
  file.managed:
    - name: /var/tmp/halitetestnw-out/wrong.txt
    - source: http://127.0.0.1:38391/hello.txt
    - source_hash: sha256=73cb3858a687a8494ca3323053016282f3dad39d42cf62ca4e79dda2aac7d9ac

not_found:
  file.managed:
    - name: /var/tmp/halitetestnw-out/404.txt
    - source: http://127.0.0.1:38391/nope.txt
    - skip_verify: True

hash_file_not_found:
  file.managed:
    - name: /var/tmp/halitetestnw-out/nosums.txt
    - source: http://127.0.0.1:38391/hello.txt
    - source_hash: http://127.0.0.1:38391/NOSUMS

refused:
  file.managed:
    - name: /var/tmp/halitetestnw-out/refused.txt
    - source: http://127.0.0.1:38392/hello.txt
    - skip_verify: True
