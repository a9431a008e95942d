define dllexport void @int_ops(i32 %arg0, i32 %arg1) {
bb0:
  %v0 = call i32 @llvm.genx.group.id.x.i32()
  %v1 = call i32 @llvm.genx.group.id.y.i32()
  %v2 = call i32 @llvm.genx.group.id.z.i32()
  %v3 = add i32 %v0, %v1
  %v4 = add i32 %v3, %v2
  %v5 = shl i32 %v4, 2
  %v6 = call <16 x i32> @llvm.genx.oword.ld.v16i32(i32 0, i32 %arg0, i32 %v5)
  %v7 = add <16 x i32> %v6, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %v8 = mul <16 x i32> <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>, %v7
  %v9 = and <16 x i32> %v8, %v6
  %v10 = or <16 x i32> %v9, %v7
  %v11 = xor <16 x i32> %v10, <i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7, i32 7>
  %v12 = and <16 x i32> %v11, <i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911, i32 536870911>
  call void @llvm.genx.oword.st.v16i32(i32 %arg0, i32 %v5, <16 x i32> %v12)
  %v14 = call <32 x i16> @llvm.genx.oword.ld.v32i16(i32 0, i32 %arg0, i32 %arg1)
  %v15 = mul <32 x i16> %v14, %v14
  %v16 = sub <32 x i16> <i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0, i16 0>, %v15
  call void @llvm.genx.oword.st.v32i16(i32 %arg0, i32 %arg1, <32 x i16> %v16)
  %v18 = call <32 x i8> @llvm.genx.oword.ld.v32i8(i32 0, i32 %arg0, i32 %v5)
  %v19 = shl <32 x i8> %v18, <i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1, i8 1>
  call void @llvm.genx.oword.st.v32i8(i32 %arg0, i32 %arg1, <32 x i8> %v19)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare i32 @llvm.genx.group.id.y.i32()
declare i32 @llvm.genx.group.id.z.i32()
declare <16 x i32> @llvm.genx.oword.ld.v16i32(i32, i32, i32)
declare <32 x i16> @llvm.genx.oword.ld.v32i16(i32, i32, i32)
declare <32 x i8> @llvm.genx.oword.ld.v32i8(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i32(i32, i32, <16 x i32>)
declare void @llvm.genx.oword.st.v32i16(i32, i32, <32 x i16>)
declare void @llvm.genx.oword.st.v32i8(i32, i32, <32 x i8>)

!genx.kernels = !{!0}
!0 = !{void (i32, i32)* @int_ops, !"int_ops", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0}
!2 = !{i32 64, i32 68}
!3 = !{i32 0, i32 0}
!4 = !{!"buffer_t read_write", !""}
