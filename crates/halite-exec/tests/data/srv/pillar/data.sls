pkgs:
  apache: httpd
  vim: vim-enhanced
  nested:
    deep:
      value: 42
users:
  - name: alice
    uid: 1001
  - name: bob
    uid: 1002
list_of_str: [a, b, c]
empty_dict: {}
empty_list: []
falsy_zero: 0
none_value: ~
bool_true: true
int_keys:
  1: one
  2: two
'a:b': colon key
'a|b': pipe key
master:
  mval: from_master_pillar
  shared: master
shared: pillar
merge_me:
  x: 1
  sub:
    l: [1, 2]
    k: pillar
os_family: pillar_os_family
