base:
  "*":
    - rel
    - rel_dot
    - inside
