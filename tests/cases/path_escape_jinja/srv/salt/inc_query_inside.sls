x: {% include "sub/in.txt?saltenv=base" %}
