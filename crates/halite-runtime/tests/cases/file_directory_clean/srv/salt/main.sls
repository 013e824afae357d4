{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# the files are made by `unless` (which also runs with test=True), then test.nop runs
setup:
  test.nop:
    - unless: >-
        for d in a b c e f g h i j k l m; do mkdir -p {{ s }}/$d/sub/deep; printf x > {{ s }}/$d/one; printf y > {{ s }}/$d/two.log; printf z > {{ s }}/$d/sub/three; printf w > {{ s }}/$d/sub/deep/four; done;
        mkdir -p {{ s }}/d/kept/inner; printf k > {{ s }}/d/kept/inner/k; printf r > {{ s }}/d/gone;
        mkdir -p {{ s }}/outside; printf o > {{ s }}/outside/o; ln -s {{ s }}/outside {{ s }}/l/link;
        chmod 755 {{ s }}/*/sub/deep; false
    - order: 1
clean_all:
  file.directory:
    - name: {{ s }}/a
    - clean: True
keep_file:
  file.managed:
    - name: {{ s }}/b/sub/three
    - contents: z
    - contents_newline: False
clean_required:
  file.directory:
    - name: {{ s }}/b
    - clean: True
    - require:
      - file: keep_file
clean_exclude:
  file.directory:
    - name: {{ s }}/c
    - clean: True
    - exclude_pat: '*.log'
kept_dir:
  file.directory:
    - name: {{ s }}/d/kept
clean_required_dir:
  file.directory:
    - name: {{ s }}/d
    - clean: True
    - require:
      - file: kept_dir
{{ s }}/e/one:
  file.managed:
    - contents: x
    - contents_newline: False
    - require_in:
      - file: clean_require_in
clean_require_in:
  file.directory:
    - name: {{ s }}/e
    - clean: True
clean_regex:
  file.directory:
    - name: {{ s }}/f
    - clean: True
    - exclude_pat: E@^(sub|one)
clean_nothing:
  file.directory:
    - name: {{ s }}/f/sub/deep
    - clean: True
    - exclude_pat: 'f*'
clean_new:
  file.directory:
    - name: {{ s }}/new
    - clean: True
clean_and_depth:
  file.directory:
    - name: {{ s }}/g
    - clean: True
    - max_depth: 1
clean_mode:
  file.directory:
    - name: {{ s }}/g
    - clean: True
    - exclude_pat: 'sub*'
    - mode: 700
clean_again:
  file.directory:
    - name: {{ s }}/a
    - clean: True
depth1:
  file.directory:
    - name: {{ s }}/h
    - recurse:
      - mode
    - dir_mode: 750
    - file_mode: 640
    - max_depth: 1
depth0:
  file.directory:
    - name: {{ s }}/i
    - recurse:
      - mode
    - dir_mode: 750
    - file_mode: 640
    - max_depth: 0
depth2:
  file.directory:
    - name: {{ s }}/j
    - recurse:
      - mode
    - dir_mode: 750
    - file_mode: 640
    - max_depth: 2
depth2_again:
  file.directory:
    - name: {{ s }}/j
    - recurse:
      - mode
    - dir_mode: 750
    - file_mode: 640
    - max_depth: 2
depth_no_recurse:
  file.directory:
    - name: {{ s }}/j
    - max_depth: 1
clean_list:
  file.directory:
    - name: {{ s }}/k
    - clean: True
    - exclude_pat:
      - '*.log'
      - E@deep
keep_by_name:
  file.managed:
    - name: {{ s }}/l/sub/deep/four
    - replace: False
clean_link:
  file.directory:
    - name: {{ s }}/l/
    - clean: True
    - require:
      - file: {{ s }}/l/sub/deep/four
children:
  file.directory:
    - name: {{ s }}/m
    - recurse:
      - mode
    - dir_mode: 700
    - file_mode: 600
    - children_only: True
report:
  cmd.run:
    - name: cd {{ s }} && find a b c d e f g h i j k l m outside -printf '%p %m\n' | sort
    - order: last
