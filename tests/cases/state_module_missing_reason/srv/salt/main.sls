# Salt state modules halite has no code for: the reason Salt gives when their execution
# module is missing (3007.8: mysql_user, apache_module; docker_container: a function that
# is not available), and an unknown module
x:
  mysql_user.present:
    - name: bob
y:
  apache_module.enabled:
    - name: ssl
z:
  nosuch.thing: []
w:
  docker_container.running:
    - name: a
