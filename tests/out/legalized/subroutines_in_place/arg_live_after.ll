define dllexport void @arg_live_after(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = call <8 x i32> @bump_arg_live_after(<8 x i32> %v1)
  %v3 = add <8 x i32> %v1, %v2
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v3)
  ret void
}

define internal <8 x i32> @bump_arg_live_after(<8 x i32> %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32> %arg0, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v1 = add i32 %v0, 7
  %v2 = call <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32> %arg0, i32 %v1, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  ret <8 x i32> %v2
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)
declare i32 @llvm.genx.rdregioni.i32.v8i32.i16(<8 x i32>, i32, i32, i32, i16, i32)
declare <8 x i32> @llvm.genx.wrregioni.v8i32.i32.i16.i1(<8 x i32>, i32, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @arg_live_after, !"arg_live_after", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
