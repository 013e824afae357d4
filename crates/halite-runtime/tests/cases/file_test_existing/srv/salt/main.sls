{% set d = tpldir ~ '/files' %}
{% set root = opts['file_roots']['base'][0] %}
same:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - contents: |
        fixed one
        fixed two
differs:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - contents: |
        fixed one
        other two
differs_hidden:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - contents: x
    - show_changes: False
mode_only:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - contents: |
        fixed one
        fixed two
    - mode: '0600'
noreplace_mode:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - replace: False
    - mode: '0600'
noreplace:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - replace: False
from_source_same:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - source: salt://files/fixed.txt
from_source_diff:
  file.managed:
    - name: {{ root }}/files/fixed.txt
    - source: salt://files/other.txt
dir_ok:
  file.directory:
    - name: {{ root }}/files
dir_mode:
  file.directory:
    - name: {{ root }}/files
    - mode: 700
absent_file:
  file.absent:
    - name: {{ root }}/files/fixed.txt
absent_dir:
  file.absent:
    - name: {{ root }}/files
exists:
  file.exists:
    - name: {{ root }}/files/fixed.txt
missing:
  file.missing:
    - name: {{ root }}/files/fixed.txt
touch_existing:
  file.touch:
    - name: {{ root }}/files/fixed.txt
symlink_file:
  file.symlink:
    - name: {{ root }}/files/fixed.txt
    - target: /etc/hostname
copy_exists:
  file.copy:
    - name: {{ root }}/files/fixed.txt
    - source: {{ root }}/files/other.txt
copy_force:
  file.copy:
    - name: {{ root }}/files/fixed.txt
    - source: {{ root }}/files/other.txt
    - force: True
rename_exists:
  file.rename:
    - name: {{ root }}/files/fixed.txt
    - source: {{ root }}/files/other.txt
append_present:
  file.append:
    - name: {{ root }}/files/fixed.txt
    - text: fixed two
append_new_text:
  file.append:
    - name: {{ root }}/files/fixed.txt
    - text: three
prepend_new_text:
  file.prepend:
    - name: {{ root }}/files/fixed.txt
    - text: zero
replace_hit:
  file.replace:
    - name: {{ root }}/files/fixed.txt
    - pattern: 'fixed (\w+)'
    - repl: 'FIXED \1'
replace_miss:
  file.replace:
    - name: {{ root }}/files/fixed.txt
    - pattern: nomatch
    - repl: x
serialize_json:
  file.serialize:
    - name: {{ root }}/files/data.json
    - dataset:
        a: 1
    - formatter: json
