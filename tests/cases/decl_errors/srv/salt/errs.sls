not_a_dict: justastring
none_body:
dup_types:
  file.managed:
    - name: /tmp/a
  file.absent: []
