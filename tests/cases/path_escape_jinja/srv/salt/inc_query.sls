x: {% include "sub/../../secret.txt?saltenv=base" %}
