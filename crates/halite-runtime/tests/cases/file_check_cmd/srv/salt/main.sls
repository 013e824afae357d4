{% set s = salt['environ.get']('HALITE_SCRATCH') %}
setup:
  cmd.run:
    - name: mkdir -p {{ s }}/tmp; printf 'hello\n' > {{ s }}/same; printf 'old\n' > {{ s }}/old; printf 'hello\n' > {{ s }}/moded; chmod 644 {{ s }}/moded
check_ok:
  file.managed:
    - name: {{ s }}/ok.txt
    - contents: hello
    - check_cmd: grep -q hello
    - tmp_dir: {{ s }}/tmp
check_fails:
  file.managed:
    - name: {{ s }}/bad.txt
    - contents: hello
    - check_cmd: grep -q nothere
    - tmp_dir: {{ s }}/tmp
check_output:
  file.managed:
    - name: {{ s }}/out.txt
    - contents: hello
    - check_cmd: sh -c 'echo checked out; echo checked err >&2; exit 3'
    - tmp_dir: {{ s }}/tmp
same_content:
  file.managed:
    - name: {{ s }}/same
    - contents: hello
    - check_cmd: 'false'
    - tmp_dir: {{ s }}/tmp
old_kept:
  file.managed:
    - name: {{ s }}/old
    - contents: new
    - check_cmd: 'false'
    - tmp_dir: {{ s }}/tmp
old_replaced:
  file.managed:
    - name: {{ s }}/old
    - contents: newer
    - check_cmd: grep -q newer
    - tmp_dir: {{ s }}/tmp
mode_only:
  file.managed:
    - name: {{ s }}/moded
    - contents: hello
    - mode: 644
    - check_cmd: 'false'
    - tmp_dir: {{ s }}/tmp
with_ext:
  file.managed:
    - name: {{ s }}/ext.conf
    - contents: hello
    - check_cmd: sh -c 'case "$0" in *.conf) exit 0;; *) echo "no ext"; exit 1;; esac'
    - tmp_dir: {{ s }}/tmp
    - tmp_ext: .conf
without_ext:
  file.managed:
    - name: {{ s }}/noext.conf
    - contents: hello
    - check_cmd: sh -c 'case "$0" in *.conf) exit 0;; *) echo "no ext"; exit 1;; esac'
    - tmp_dir: {{ s }}/tmp
from_template:
  file.managed:
    - name: {{ s }}/tmpl.conf
    - source: salt://files/tmpl.conf
    - template: jinja
    - context:
        value: 42
    - check_cmd: grep -q value=42
    - tmp_dir: {{ s }}/tmp
from_template_bad:
  file.managed:
    - name: {{ s }}/tmpl2.conf
    - source: salt://files/tmpl.conf
    - template: jinja
    - context:
        value: 41
    - check_cmd: grep -q value=42
    - tmp_dir: {{ s }}/tmp
serialized:
  file.serialize:
    - name: {{ s }}/data.json
    - dataset:
        a: 1
    - formatter: json
    - check_cmd: grep -q '"a"'
    - tmp_dir: {{ s }}/tmp
serialized_bad:
  file.serialize:
    - name: {{ s }}/data2.json
    - dataset:
        a: 1
    - formatter: json
    - check_cmd: grep -q '"b"'
    - tmp_dir: {{ s }}/tmp
watcher:
  cmd.run:
    - name: echo watched
    - watch:
      - file: check_fails
dir_check:
  file.directory:
    - name: {{ s }}/tmp
    - check_cmd: 'false'
report:
  cmd.run:
    - name: >-
        cd {{ s }}; for f in ok.txt bad.txt out.txt same old moded ext.conf noext.conf tmpl.conf tmpl2.conf data.json data2.json; do if [ -e $f ]; then echo "$f: $(stat -c %a $f) $(cat $f | tr '\n' '|')"; else echo "$f: missing"; fi; done; ls -A tmp | wc -l
    - order: last
default_tmp_dir:
  file.managed:
    - name: {{ s }}/default.txt
    - contents: hello
    - check_cmd: grep -q hello
serialized_existing:
  file.serialize:
    - name: {{ s }}/data.json
    - dataset:
        a: 2
    - formatter: json
    - check_cmd: grep -q '"a"'
    - tmp_dir: {{ s }}/tmp
serialized_same:
  file.serialize:
    - name: {{ s }}/data.json
    - dataset:
        a: 2
    - formatter: json
    - check_cmd: 'false'
    - tmp_dir: {{ s }}/tmp
managed_same_again:
  file.managed:
    - name: {{ s }}/ok.txt
    - contents: hello
    - check_cmd: 'false'
    - tmp_dir: {{ s }}/tmp
