define dllexport void @chain(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = call <8 x i32> @outer(<8 x i32> %v1, i32 %arg1)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v2)
  ret void
}

define internal <8 x i32> @outer(<8 x i32> %arg0, i32 %arg1) {
bb0:
  %v0 = call <8 x i32> @inner(<8 x i32> %arg0)
  %v1 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> undef, i32 %arg1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v2 = call <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32> %v1, i32 0, i32 1, i32 0, i16 0, i32 undef)
  %v3 = add <8 x i32> %v0, %v2
  ret <8 x i32> %v3
}

define internal <8 x i32> @inner(<8 x i32> %arg0) {
bb0:
  %v0 = mul <8 x i32> %arg0, <i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3, i32 3>
  ret <8 x i32> %v0
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare <8 x i32> @llvm.genx.rdregioni.v8i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @chain, !"chain", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 128, i32 132}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
