#!/bin/sh
echo "value={{ value }} other={{ other }} saltenv={{ saltenv }} id={{ grains['id'] }} extra={{ extra|default('none') }}"
