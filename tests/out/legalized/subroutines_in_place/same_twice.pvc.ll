define dllexport void @same_twice(i32 %arg0) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call <8 x i32> @llvm.genx.oword.ld.v8i32(i32 0, i32 %arg0, i32 %v0)
  %v2 = call <8 x i32> @mix_same_twice(<8 x i32> %v1, <8 x i32> %v1)
  call void @llvm.genx.oword.st.v8i32(i32 %arg0, i32 %v0, <8 x i32> %v2)
  ret void
}

define internal <8 x i32> @mix_same_twice(<8 x i32> %arg0, <8 x i32> %arg1) {
bb0:
  %v0 = shl <8 x i32> %arg0, <i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1, i32 1>
  %v1 = sub <8 x i32> %v0, %arg1
  ret <8 x i32> %v1
}

declare i32 @llvm.genx.group.id.x.i32()
declare <8 x i32> @llvm.genx.oword.ld.v8i32(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i32(i32, i32, <8 x i32>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @same_twice, !"same_twice", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
