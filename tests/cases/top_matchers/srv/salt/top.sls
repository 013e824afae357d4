base:
  'test*':
    - glob_yes
  'test[a-z]+':
    - glob_plus_no
  'minion':
    - match: pcre
    - pcre_no
  'test.*on$':
    - match: pcre
    - pcre_yes
  'testminion, gamma':
    - match: list
    - list_yes
  'L@alpha,testminion':
    - list_compound_yes
  'roles:web':
    - match: grain
    - grain_yes
  'roles:w*':
    - match: grain
    - grain_glob_yes
  'G@num:42':
    - grain_int_yes
  'G@deep:inner:key:va*':
    - grain_nested_yes
  'P@os_tag:^deb':
    - grain_pcre_yes
  'I@role:db':
    - pillar_yes
  'I@nested:level:deep':
    - pillar_nested_yes
  'G@roles:web and not gamma':
    - compound_yes
  '( alpha or testminion ) and G@roles:db':
    - compound_no
  'N@webgroup':
    - nodegroup_yes
  'webgroup':
    - match: nodegroup
    - nodegroup_match_yes
  'S@127.0.0.0/8':
    - ipcidr_maybe
  'E@test.*':
    - pcre_compound_yes
  'not testminion':
    - not_no
