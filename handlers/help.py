"""The `help` command: what each command does, with examples, in the reply language."""

from __future__ import annotations

from engine.errors import FloorcallError
from handlers.context import Context
from handlers.dispatch import find_command
from handlers.errors import error_reply
from handlers.i18n import Messages
from handlers.reply import Field, Reply

TEXT = Messages(
    {
        "title": {
            "en": "floorcall makes poker floor calls under the Poker TDA rules ({ruleset}). Commands:",
            "ja": "floorcall は Poker TDA ルール（{ruleset}）に沿ってフロア裁定を出します。コマンド一覧：",
            "ko": "floorcall은 Poker TDA 규칙({ruleset})에 따라 플로어 판정을 내립니다. 명령 목록:",
        },
        "ruling": {
            "en": "Rule on a betting sequence: who acts, what they may do, the minimum raise, with the rules cited.\n"
                  "ruling NL 50/100 flop: A bet 100, B allin 125, C call, D allin 200, E call\n"
                  "ruling NL 250/500 preflop: A raise 1100, B chips 1000+100x5\n"
                  "Amounts are each player's total for the street; `A?` at the end asks what A may do.",
            "ja": "ベッティングの流れを裁定します。誰のアクションか、何ができるか、ミニマムレイズ、根拠ルールを示します。\n"
                  "裁定 NL 50/100 フロップ: Aが100ベット、Bが125でオールイン、C コール、D?\n"
                  "ruling NL 250/500 preflop: A raise 1100, B chips 1000+100x5\n"
                  "金額はそのストリートでの各プレイヤーの総額です。最後に「A?」と書くとAの選択肢を答えます。",
            "ko": "베팅 진행을 판정합니다. 누구 차례인지, 무엇을 할 수 있는지, 최소 레이즈와 근거 규칙을 보여 줍니다.\n"
                  "판정 NL 50/100 플랍: A가 100 벳, B가 125 올인, C 콜, D?\n"
                  "ruling NL 250/500 preflop: A raise 1100, B chips 1000+100x5\n"
                  "금액은 그 스트리트에서 각 플레이어가 낸 총액입니다. 끝에 ‘A?’를 붙이면 A의 선택지를 알려 줍니다.",
        },
        "pot": {
            "en": "Settle a whole hand: main and side pots, who can win each, the bet nobody called, the odd chip, "
                  "who shows first.\npot NL 100/200 stacks A 700 B 5000 C 5000 preflop: A allin, B call, C call; "
                  "flop: B bet 1000, C call; turn: B check, C check; river: B check, C check; showdown: A > B = C",
            "ja": "ハンド全体を精算します。メインポットとサイドポット、それぞれを獲得できる人、コールされなかった額、"
                  "端数チップ、ハンドを見せる順番を示します。\nポット NL 100/200 stacks A 700 B 5000 C 5000 "
                  "プリフロップ: A オールイン, B コール, C コール; フロップ: Bが1000ベット, C コール; ターン: B チェック, "
                  "C チェック; リバー: B チェック, C チェック; ショーダウン: A > B = C",
            "ko": "핸드 전체를 정산합니다. 메인 팟과 사이드 팟, 각각 가져갈 수 있는 사람, 콜되지 않은 금액, 자투리 칩, "
                  "핸드 공개 순서를 보여 줍니다.\n팟 NL 100/200 stacks A 700 B 5000 C 5000 프리플랍: A 올인, B 콜, "
                  "C 콜; 플랍: B가 1000 벳, C 콜; 턴: B 체크, C 체크; 리버: B 체크, C 체크; 쇼다운: A > B = C",
        },
        "rule": {
            "en": "Find a rule by number or by words, in any language.\nrule 45-A · rule RP-8 · rule one chip · rule オーバーチップ · rule 칩 한 개",
            "ja": "番号でも言葉でもルールを探せます（日本語・韓国語・英語）。\nルール 第49項 ・ ルール オーバーチップ ・ rule string bet",
            "ko": "번호나 단어로 규칙을 찾습니다(한국어·일본어·영어).\n규칙 49번 · 규칙 순서 밖 액션 · rule one chip",
        },
        "clock": {
            "en": "Put a player on the clock with the ruleset's times (on Discord, a server may set its own: "
                  "/settings clock).\nclock seat 4 · clock A facing:bet",
            "ja": "ルールセットの時間でプレイヤーにクロックをかけます（Discordではサーバーごとに /settings clock で"
                  "時間を設定できます）。\nクロック 4番席 ・ clock A facing:bet",
            "ko": "규칙 세트의 시간으로 플레이어에게 클락을 겁니다 (Discord에서는 서버마다 /settings clock 으로 "
                  "시간을 정할 수 있습니다).\n클락 4번 좌석 · clock A facing:bet",
        },
        "blinds": {
            "en": "Run a tournament's blind levels: a preset (turbo, regular, deep) or levels typed in. On Discord "
                  "the channel gets one status message and a short line at each level (Manage Server or Manage "
                  "Events to start or change it). While it runs, a ruling may leave the blinds out.\n"
                  "blinds start turbo · blinds start 20m: 100/200, 200/400, break 10m, 300/600 bba 600 · "
                  "blinds pause · blinds next",
            "ja": "トーナメントのブラインドレベルを進めます。プリセット（turbo・regular・deep）か、レベルを直接入力します。"
                  "Discordではチャンネルにステータスが1つ表示され、レベルごとに短いお知らせが出ます（開始・変更には"
                  "「サーバー管理」か「イベントの管理」権限が必要）。動いている間は、裁定でブラインドを省略できます。\n"
                  "ブラインド 開始 ターボ ・ blinds start 20m: 100/200, 200/400, break 10m, 300/600 bba 600 ・ "
                  "blinds pause",
            "ko": "토너먼트 블라인드 레벨을 진행합니다. 프리셋(turbo, regular, deep)이나 직접 입력한 레벨을 씁니다. "
                  "Discord에서는 채널에 상태 메시지 하나와 레벨마다 짧은 안내가 올라갑니다(시작·변경에는 ‘서버 관리’나 "
                  "‘이벤트 관리’ 권한 필요). 진행 중에는 판정에서 블라인드를 생략할 수 있습니다.\n"
                  "블라인드 시작 터보 · blinds start 20m: 100/200, 200/400, break 10m, 300/600 bba 600 · "
                  "blinds pause",
        },
        "help": {
            "en": "This list; `help ruling` shows one command.",
            "ja": "この一覧です。「help ruling」で1つのコマンドだけを表示します。",
            "ko": "이 목록입니다. ‘help ruling’으로 명령 하나만 볼 수 있습니다.",
        },
        "footer": {
            "en": "The floor's decision is final (rule 1): floorcall applies the rules as written to the facts you type.",
            "ja": "最終判断はフロアが行います（第1項）。floorcall は入力された事実にルールをそのまま当てはめます。",
            "ko": "최종 결정은 플로어가 내립니다(규칙 1). floorcall은 입력한 사실에 규칙을 그대로 적용합니다.",
        },
        "unknown_help_topic": {
            "en": "There is no command “{word}”. Try: help ruling, help pot, help rule, help clock.",
            "ja": "「{word}」というコマンドはありません。help ruling・help pot・help rule・help clock を試してください。",
            "ko": "‘{word}’라는 명령은 없습니다. help ruling, help pot, help rule, help clock을 입력해 보세요.",
        },
    },
    name="help",
)

ORDER = ("ruling", "pot", "rule", "clock", "blinds", "help")


def handle(args: str, offset: int, ctx: Context) -> Reply:
    lang = ctx.lang
    topic = args.strip().lstrip("/")
    names: tuple[str, ...] = ORDER
    if topic:
        cmd = find_command(topic)
        if cmd is None:
            return error_reply("help", ctx, FloorcallError("unknown_help_topic", at=offset, word=topic), TEXT)
        names = (cmd.name,)
    fields = [Field(name, TEXT(name, lang)) for name in names]
    return Reply(
        ok=True,
        command="help",
        lang=lang,
        ruleset=ctx.ruleset_id,
        headline=TEXT("title", lang, ruleset=ctx.ruleset.name[lang]),
        fields=fields,
        data={"commands": list(names)},
        footer=TEXT("footer", lang),
    )
