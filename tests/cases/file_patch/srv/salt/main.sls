{% set d = salt['environ.get']('HALITE_SCRATCH') %}
{% set roots = opts['file_roots']['base'][0] %}
{% for t in ['tree', 'tree2', 'tree3', 'tree4', 'tree5'] %}
{{ t }}:
  file.copy:
    - name: {{ d }}/{{ t }}
    - source: {{ roots }}/data
{% endfor %}
single:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
single_again:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - hash: md5=0123
    - dry_run_first: True
dir_strip:
  file.patch:
    - name: {{ d }}/tree2
    - source: salt://patches/all.patch
    - strip: 1
dir_again_p1:
  file.patch:
    - name: {{ d }}/tree2
    - source: salt://patches/all.patch
    - options: -p1
dir_again_strip_eq:
  file.patch:
    - name: {{ d }}/tree2
    - source: salt://patches/all.patch
    - options: --strip=1
dir_again_strip_space:
  file.patch:
    - name: {{ d }}/tree2/
    - source: salt://patches/all.patch
    - options: --strip 1 --verbose
dir_template:
  file.patch:
    - name: {{ d }}/tree4
    - source: salt://patches/all.patch.jinja
    - template: jinja
    - context:
        two: two
        ten: 10
    - strip: 1
single_template:
  file.patch:
    - name: {{ d }}/tree5/foo/numbers.txt
    - source: salt://patches/numbers.patch.jinja
    - template: jinja
    - context:
        two: two
local_source:
  file.patch:
    - name: {{ d }}/tree5/foo/bar/math.txt
    - source: {{ roots }}/patches/math.patch
empty_numbers:
  file.managed:
    - name: {{ d }}/tree3/foo/numbers.txt
    - contents: ''
    - contents_newline: False
fail_single:
  file.patch:
    - name: {{ d }}/tree3/foo/numbers.txt
    - source: salt://patches/numbers.patch
fail_single_reject:
  file.patch:
    - name: {{ d }}/tree3/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - reject_file: {{ d }}/rejected
    - strip: 1
fail_dir:
  file.patch:
    - name: {{ d }}/tree3
    - source: salt://patches/all.patch
    - strip: 1
fail_dir_reject:
  file.patch:
    - name: {{ d }}/tree3
    - source: salt://patches/all.patch
    - reject_file: {{ d }}/rejected_dir
    - strip: 1
garbage:
  file.patch:
    - name: {{ d }}/tree3/foo/bar/math.txt
    - source: salt://garbage/garbage.patch
relative_name:
  file.patch:
    - name: relative/numbers.txt
    - source: salt://patches/numbers.patch
missing_name:
  file.patch:
    - name: {{ d }}/nope.txt
    - source: salt://patches/numbers.patch
opt_forward:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - options: -N --output=x -r y --verbose
opt_bad_p:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - options: -px
opt_bad_strip_eq:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - options: --strip=one
opt_bad_strip_last:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - options: --strip
reject_relative:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - reject_file: rejects/here
reject_no_parent:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - reject_file: {{ d }}/no/such/rejects
source_missing:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/nope.patch
source_list:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source:
      - salt://patches/nope.patch
      - salt://patches/numbers.patch
source_list_missing:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source:
      - salt://patches/nope.patch
      - salt://patches/nope2.patch
saltenv_in_url:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch?saltenv=base
    - saltenv: prod
saltenv_prod:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - saltenv: prod
bad_hash:
  file.patch:
    - name: {{ d }}/tree/foo/numbers.txt
    - source: salt://patches/numbers.patch
    - source_hash: md5=0123456789abcdef0123456789abcdef
