{% set s = salt['environ.get']('HALITE_SCRATCH') %}
# The existing trees are made by `unless` (which also runs with test=True), then test.nop runs.
# Salt manages a file.recurse's files and directories in Python set order (random per process):
# the golden test compares its changes and comment blocks sorted, and no tree here has a new
# managed directory inside another new managed directory (Salt may then report only the deeper).
setup:
  test.nop:
    - unless: >-
        mkdir -p {{ s }}/clean/old/inner {{ s }}/clean/css {{ s }}/clean/index.html;
        echo x > {{ s }}/clean/extra; echo k > {{ s }}/clean/x.keep; echo y > {{ s }}/clean/old/inner/f;
        echo z > {{ s }}/clean/css/zz; echo changed > {{ s }}/clean/app.conf; echo f > {{ s }}/clean/js;
        echo i > {{ s }}/clean/index.html/inside;
        mkdir -p {{ s }}/modes {{ s }}/noreplace; echo other > {{ s }}/noreplace/app.conf;
        mkdir -p {{ s }}/dclean/sub; echo e > {{ s }}/dclean/extra; echo e2 > {{ s }}/dclean/sub/extra2;
        mkdir -p {{ s }}/rclean; echo r > {{ s }}/rclean/extra; echo m > {{ s }}/rclean/mine;
        mkdir -p {{ s }}/same; echo y > {{ s }}/same/y.txt; chmod 644 {{ s }}/same/y.txt;
        touch {{ s }}/afile; false
    - order: 1
basic:
  file.recurse:
    - name: {{ s }}/basic
    - source: salt://site
again:
  file.recurse:
    - name: {{ s }}/basic
    - source: salt://site
    - require:
      - file: basic
clean:
  file.recurse:
    - name: {{ s }}/clean
    - source: salt://site/
    - clean: True
    - exclude_pat: '*.keep'
clean_again:
  file.recurse:
    - name: {{ s }}/clean
    - source: salt://site/
    - clean: True
    - exclude_pat: '*.keep'
    - require:
      - file: clean
keep_mine:
  file.managed:
    - name: {{ s }}/rclean/mine
    - replace: False
clean_required:
  file.recurse:
    - name: {{ s }}/rclean
    - source: salt://flat/d2
    - clean: True
    - require:
      - file: keep_mine
noreplace:
  file.recurse:
    - name: {{ s }}/noreplace
    - source: salt://site
    - replace: False
    - include_pat: '*.conf'
incl:
  file.recurse:
    - name: {{ s }}/incl
    - source: salt://site
    - include_pat:
      - '*.css'
      - '*.js'
excl:
  file.recurse:
    - name: {{ s }}/excl
    - source: salt://site
    - exclude_pat: E@^(nest|css|onlyskip)
both_pats:
  file.recurse:
    - name: {{ s }}/both
    - source: salt://site
    - include_pat: E@\.(html|conf|log)$
    - exclude_pat: '*.log'
tmpl:
  file.recurse:
    - name: {{ s }}/tmpl
    - source: salt://tmpl
    - template: jinja
    - defaults:
        value: 1
        other: dflt
    - context:
        value: 2
modes:
  file.recurse:
    - name: {{ s }}/modes
    - source: salt://site/css
    - dir_mode: 750
    - file_mode: 600
    - user: nobody
    - group: nogroup
modes_changed:
  file.recurse:
    - name: {{ s }}/modes
    - source: salt://site/css
    - dir_mode: 700
    - file_mode: '0640'
    - require:
      - file: modes
new_modes:
  file.recurse:
    - name: {{ s }}/new_modes
    - source: salt://site/js
    - dir_mode: 711
    - file_mode: 604
depth0:
  file.recurse:
    - name: {{ s }}/depth0
    - source: salt://site
    - maxdepth: 0
depth1:
  file.recurse:
    - name: {{ s }}/depth1
    - source: salt://site
    - maxdepth: 1
links:
  file.recurse:
    - name: {{ s }}/links
    - source: salt://site
    - keep_symlinks: True
    - exclude_pat: E@^(nest|css|js|onlyskip)
empty:
  file.recurse:
    - name: {{ s }}/empty
    - source: salt://flat
    - include_empty: True
    - exclude_pat: '*.skip'
no_empty:
  file.recurse:
    - name: {{ s }}/no_empty
    - source: salt://flat
    - exclude_pat: '*.skip'
keep_mode:
  file.recurse:
    - name: {{ s }}/keep
    - source: salt://keep
    - file_mode: keep
deep_target:
  file.recurse:
    - name: {{ s }}/x/y/z
    - source: salt://flat/d2
    - dir_mode: 700
source_list:
  file.recurse:
    - name: {{ s }}/slist
    - source:
      - salt://nothere
      - salt://flat/d2/
bad_mode:
  file.recurse:
    - name: {{ s }}/bad
    - source: salt://site
    - mode: 644
bad_source:
  file.recurse:
    - name: {{ s }}/bad
    - source: /etc
missing_source:
  file.recurse:
    - name: {{ s }}/bad
    - source: salt://nothere
file_source:
  file.recurse:
    - name: {{ s }}/bad
    - source: salt://site/app.conf
is_file:
  file.recurse:
    - name: {{ s }}/afile
    - source: salt://site
relative:
  file.recurse:
    - name: relative/path
    - source: salt://site
no_user:
  file.recurse:
    - name: {{ s }}/bad
    - source: salt://site
    - user: no-such-user-here
same:
  file.recurse:
    - name: {{ s }}/same
    - source: salt://flat/d2
other_env:
  file.recurse:
    - name: {{ s }}/other_env
    - source: salt://extra?saltenv=dev
managed_keep:
  file.managed:
    - name: {{ s }}/managed_keep.sh
    - source: salt://keep/run.sh
    - mode: keep
managed_keep_contents:
  file.managed:
    - name: {{ s }}/managed_keep.txt
    - contents: x
    - mode: keep
# file.directory's clean keeps what a required file.recurse manages (its files, not the rest).
into_dclean:
  file.recurse:
    - name: {{ s }}/dclean/sub
    - source: salt://site/css
dclean:
  file.directory:
    - name: {{ s }}/dclean
    - clean: True
    - require:
      - file: into_dclean
watcher:
  cmd.run:
    - name: echo changed
    - onchanges:
      - file: basic
quiet_watcher:
  cmd.run:
    - name: echo changed
    - onchanges:
      - file: again
report:
  cmd.run:
    - name: >-
        cd {{ s }} && find basic clean rclean noreplace incl excl both tmpl modes new_modes depth0 depth1 links empty no_empty keep x slist dclean same other_env managed_keep.sh
        -printf '%p %M %u %g %l\n' 2>/dev/null | sort; cat tmpl/page.conf noreplace/app.conf 2>/dev/null; true
    - order: last
