{% set out = salt['environ.get']('HALITE_SCRATCH') ~ '/out' %}
{% set root = opts['file_roots']['base'][0] %}
local_src:
  file.managed:
    - name: {{ out }}/local.txt
    - makedirs: True
    - contents: hello
{% for n, src, h in [('salt_right_hex', 'salt://src.txt', '5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03'),
                     ('salt_wrong_hex', 'salt://src.txt', 'abababababababababababababababababababababababababababababababab'),
                     ('salt_right_eq', 'salt://src.txt', 'sha256=5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03'),
                     ('salt_wrong_eq', 'salt://src.txt', 'sha256=abababababababababababababababababababababababababababababababab'),
                     ('salt_md5_right', 'salt://src.txt', 'md5=b1946ac92492d2347c6235b4d2611184'),
                     ('salt_md5_wrong', 'salt://src.txt', 'md5=b1946ac92492d2347c6235b4d2611185'),
                     ('salt_hashfile_right', 'salt://src.txt', 'salt://src.txt.sha256'),
                     ('salt_hashfile_wrong', 'salt://src.txt', 'salt://wrong.sha256'),
                     ('salt_hashfile_missing', 'salt://src.txt', 'salt://nohash.sha256'),
                     ('local_right', root ~ '/src.txt', '5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03'),
                     ('local_wrong', root ~ '/src.txt', 'abababababababababababababababababababababababababababababababab'),
                     ('local_url_wrong', 'file://' ~ root ~ '/src.txt', 'sha256=abababababababababababababababababababababababababababababababab'),
                     ('local_hashfile', root ~ '/src.txt', root ~ '/hashes'),
                     ('local_hashfile_url', root ~ '/src.txt', 'file://' ~ root ~ '/hashes'),
                     ('bad_hash', 'salt://src.txt', 'nothex'),
                     ('local_bad_hash', root ~ '/src.txt', 'nothex'),
                     ('local_bad_type', root ~ '/src.txt', 'sha999=abc'),
                     ('local_bad_len', root ~ '/src.txt', 'sha256=abc'),
                     ('local_md5_wrong', root ~ '/src.txt', 'md5=b1946ac92492d2347c6235b4d2611185'),
                     ('local_md5_right', root ~ '/src.txt', 'md5=b1946ac92492d2347c6235b4d2611184'),
                     ('local_salt_hashfile_wrong', root ~ '/src.txt', 'salt://wrong.sha256'),
                     ('local_salt_hashfile_missing', root ~ '/src.txt', 'salt://nohash.sha256'),
                     ('bad_type', 'salt://src.txt', 'sha999=abc')] %}
{{ n }}:
  file.managed:
    - name: {{ out }}/{{ n }}
    - source: {{ src }}
    - source_hash: {{ h }}
{% endfor %}
same_as_dest:
  file.managed:
    - name: {{ out }}/local.txt
    - source: {{ out }}/local.txt
same_as_dest_url:
  file.managed:
    - name: {{ out }}/local.txt
    - source: file://{{ out }}/local.txt
missing_local:
  file.managed:
    - name: {{ out }}/missing_local
    - source: {{ out }}/nope.txt
missing_local_url:
  file.managed:
    - name: {{ out }}/missing_local_url
    - source: file://{{ out }}/nope.txt
missing_salt:
  file.managed:
    - name: {{ out }}/missing_salt
    - source: salt://nope.txt
missing_list:
  file.managed:
    - name: {{ out }}/missing_list
    - source:
      - salt://nope.txt
      - {{ out }}/nope.txt
      - file://{{ out }}/nope2.txt
missing_list_one:
  file.managed:
    - name: {{ out }}/missing_list_one
    - source:
      - {{ out }}/nope.txt
list_second:
  file.managed:
    - name: {{ out }}/list_second
    - source:
      - {{ out }}/nope.txt
      - salt://src.txt
same_as_dest_template:
  file.managed:
    - name: {{ out }}/local.txt
    - source: {{ out }}/local.txt
    - template: jinja
{% for n in ['dest_matches_hash', 'dest_matches_hash_mode'] %}
{{ n }}_pre:
  file.managed:
    - name: {{ out }}/{{ n }}
    - contents: hello
{{ n }}:
  file.managed:
    - name: {{ out }}/{{ n }}
    - source: {{ root }}/other.txt
    - source_hash: 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
{% if n.endswith('mode') %}
    - mode: '0600'
{% endif %}
{% endfor %}
dest_differs_wrong_hash_pre:
  file.managed:
    - name: {{ out }}/dest_differs_wrong_hash
    - contents: something else
dest_differs_wrong_hash:
  file.managed:
    - name: {{ out }}/dest_differs_wrong_hash
    - source: {{ root }}/other.txt
    - source_hash: 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
